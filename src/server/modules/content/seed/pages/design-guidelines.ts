import { overhang, tolerances, wallThickness } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Design guidelines (part 1 §2 `/produktion/tipps-und-tricks-im-3d-druck`, anchor `cart-steps`). */
export const designGuidelinesPage: SeedPage = {
  slug: 'produktion/tipps-und-tricks-im-3d-druck',
  parent: 'produktion',
  story: true,
  title: l(
    'Tipps und Tricks im 3D-Druck',
    'Tips and tricks for 3D printing',
    'Conseils pour l’impression 3D',
  ),
  subtitle: l(
    'Konstruktionsrichtlinien für gute Druckergebnisse',
    'Design guidelines for good print results',
    'Règles de conception pour de bons résultats',
  ),
  description: l(
    'Wandstärken, Toleranzen und Überhänge für FDM, SLS, MJF und SLA – und wie Sie Ihr Modell sicher in den Warenkorb bringen.',
    'Wall thickness, tolerances and overhangs for FDM, SLS, MJF and SLA – and how to get your model into the cart safely.',
    'Épaisseurs de paroi, tolérances et porte-à-faux pour FDM, SLS, MJF et SLA – et comment mettre votre modèle au panier en toute sécurité.',
  ),
  elements: [
    {
      id: 'richtlinien',
      type: 'heading',
      headerLayout: 1,
      header: l(
        'Tipps und Tricks im 3D-Druck',
        'Tips and tricks for 3D printing',
        'Conseils pour l’impression 3D',
      ),
      subheader: l(
        'Konstruktionsrichtlinien für gute Druckergebnisse',
        'Design guidelines for good print results',
        'Règles de conception pour de bons résultats',
      ),
    },
    {
      id: 'einleitung',
      type: 'text',
      bodytext: l(
        '<p>Jedes Verfahren hat seine eigenen Grenzen. Wer sie beim Konstruieren kennt, spart Nacharbeit, Material und Geld. Die folgenden Werte sind bewährte Richtwerte aus unserer Fertigung; für sicherheitsrelevante Teile oder enge Passungen sprechen Sie uns bitte vorher an.</p><p>Zeigt Ihnen der Konfigurator den Hinweis <em>„Dein Druckergebnis kann verbessert werden“</em>, sind Teile Ihres Modells beim gewählten Maßstab wahrscheinlich zu dünn. Die Wandstärken-Ansicht in der Vorschau zeigt, wo.</p>',
        '<p>Every process has its limits. Knowing them while you design saves rework, material and money. The values below are proven guide values from our production; for safety-relevant parts or tight fits, please talk to us first.</p><p>If the configurator tells you that <em>your print result can be improved</em>, parts of your model are probably too thin at the chosen scale. The wall-thickness view in the preview shows where.</p>',
        '<p>Chaque procédé a ses limites. Les connaître dès la conception évite des retouches et économise matière et argent. Les valeurs ci-dessous sont des repères éprouvés de notre production ; pour les pièces de sécurité ou les ajustements serrés, parlez-nous-en d’abord.</p><p>Si le configurateur indique que <em>votre résultat d’impression peut être amélioré</em>, certaines parties du modèle sont sans doute trop fines à l’échelle choisie. La vue des épaisseurs de paroi dans l’aperçu montre où.</p>',
      ),
    },
    {
      id: 'cart-steps',
      type: 'text',
      header: l('Vom Modell in den Warenkorb', 'From model to cart', 'Du modèle au panier'),
      headerLayout: 2,
      bodytext: l(
        '<ol><li><strong>Einheit prüfen.</strong> STL-Dateien kennen keine Einheit. Wirkt Ihr Teil winzig, wurde es vermutlich in Zoll gezeichnet – stellen Sie die Einheit auf „inch“ um.</li><li><strong>Maßstab und Größe.</strong> Über den Maßstab oder direkt über die Abmessungen X, Y und Z skalieren Sie das Teil. Der Preis folgt sofort.</li><li><strong>Druckbarkeit lesen.</strong> Grün heißt druckbar. Gelb bedeutet: druckbar, aber Teile könnten bei diesem Maßstab zu dünn sein. Rot heißt: zu groß für das gewählte Verfahren oder nicht druckbar – wählen Sie dann ein anderes Verfahren oder einen kleineren Maßstab.</li><li><strong>Reparaturbericht bestätigen.</strong> Hat die Analyse Ihr Netz repariert, sehen Sie die Änderungen und bestätigen sie, bevor es weitergeht.</li><li><strong>Oberfläche und Farbe wählen</strong> und das Teil in den Warenkorb legen. Technische Zeichnungen können Sie dort als Anhang ergänzen.</li></ol>',
        '<ol><li><strong>Check the unit.</strong> STL files carry no unit. If your part looks tiny, it was probably drawn in inches – switch the unit to “inch”.</li><li><strong>Scale and size.</strong> Scale the part with the scale field or directly with the X, Y and Z dimensions. The price follows at once.</li><li><strong>Read the printability.</strong> Green means printable. Yellow means printable, but parts may be too thin at this scale. Red means too large for the chosen process or not printable – pick another process or a smaller scale.</li><li><strong>Confirm the repair report.</strong> If the analysis repaired your mesh, you see the changes and confirm them before you continue.</li><li><strong>Choose finish and colour</strong> and put the part in the cart. You can add technical drawings there as attachments.</li></ol>',
        '<ol><li><strong>Vérifiez l’unité.</strong> Les fichiers STL n’ont pas d’unité. Si votre pièce paraît minuscule, elle a sans doute été dessinée en pouces – passez l’unité à « inch ».</li><li><strong>Échelle et taille.</strong> Mettez la pièce à l’échelle avec le champ d’échelle ou directement avec les dimensions X, Y et Z. Le prix suit aussitôt.</li><li><strong>Lisez l’imprimabilité.</strong> Vert : imprimable. Jaune : imprimable, mais certaines parties risquent d’être trop fines à cette échelle. Rouge : trop grande pour le procédé choisi ou non imprimable – choisissez un autre procédé ou une échelle plus petite.</li><li><strong>Confirmez le rapport de réparation.</strong> Si l’analyse a réparé votre maillage, vous voyez les modifications et les confirmez avant de continuer.</li><li><strong>Choisissez finition et couleur</strong> et ajoutez la pièce au panier. Vous pouvez y joindre des plans techniques.</li></ol>',
      ),
    },
    {
      id: 'wandstaerke',
      type: 'textpic',
      layout: 'layout-1',
      header: l('Wandstärke', 'Wall thickness', 'Épaisseur de paroi'),
      subheader: l(
        'Dünne Wände verziehen sich oder brechen beim Entpacken',
        'Thin walls warp or break during unpacking',
        'Les parois fines se déforment ou cassent au déballage',
      ),
      bodytext: l(
        '<table><thead><tr><th scope="col">Verfahren</th><th scope="col">Minimum</th><th scope="col">Empfohlen</th></tr></thead><tbody><tr><td>FDM</td><td>0,8 mm</td><td>1,2 mm und mehr</td></tr><tr><td>SLS (PA12)</td><td>0,8 mm</td><td>1,0 mm, große Flächen 2 mm</td></tr><tr><td>MJF (PA12)</td><td>0,7 mm</td><td>1,0 mm</td></tr><tr><td>SLA</td><td>0,5 mm (gestützt)</td><td>1,0 mm</td></tr></tbody></table><p>Freistehende Stifte und Rippen sollten mindestens doppelt so dick sein wie die Mindestwand. Massive Blöcke über 10 mm lohnen sich selten: Hohlräume mit Entpulverungsöffnungen sparen Material und Gewicht.</p>',
        '<table><thead><tr><th scope="col">Process</th><th scope="col">Minimum</th><th scope="col">Recommended</th></tr></thead><tbody><tr><td>FDM</td><td>0.8 mm</td><td>1.2 mm or more</td></tr><tr><td>SLS (PA12)</td><td>0.8 mm</td><td>1.0 mm, large surfaces 2 mm</td></tr><tr><td>MJF (PA12)</td><td>0.7 mm</td><td>1.0 mm</td></tr><tr><td>SLA</td><td>0.5 mm (supported)</td><td>1.0 mm</td></tr></tbody></table><p>Free-standing pins and ribs should be at least twice the minimum wall. Solid blocks thicker than 10 mm rarely pay off: cavities with powder-removal openings save material and weight.</p>',
        '<table><thead><tr><th scope="col">Procédé</th><th scope="col">Minimum</th><th scope="col">Recommandé</th></tr></thead><tbody><tr><td>FDM</td><td>0,8 mm</td><td>1,2 mm et plus</td></tr><tr><td>SLS (PA12)</td><td>0,8 mm</td><td>1,0 mm, grandes surfaces 2 mm</td></tr><tr><td>MJF (PA12)</td><td>0,7 mm</td><td>1,0 mm</td></tr><tr><td>SLA</td><td>0,5 mm (avec support)</td><td>1,0 mm</td></tr></tbody></table><p>Les tiges et nervures isolées devraient faire au moins deux fois la paroi minimale. Les blocs pleins de plus de 10 mm sont rarement utiles : des cavités avec ouvertures de dépoudrage économisent matière et poids.</p>',
      ),
      gallery: { position: 'right', images: [wallThickness] },
    },
    {
      id: 'toleranzen',
      type: 'textpic',
      layout: 'layout-2',
      header: l('Toleranzen und Passungen', 'Tolerances and fits', 'Tolérances et ajustements'),
      subheader: l(
        'Planen Sie Spiel ein, wo Teile zusammengehören',
        'Plan clearance where parts fit together',
        'Prévoyez du jeu là où les pièces s’assemblent',
      ),
      bodytext: l(
        '<p>Die Maßgenauigkeit liegt bei ±0,3 mm bzw. ±0,3 % der Abmessung (der größere Wert gilt), bei SLA bei ±0,15 mm bzw. ±0,15 %.</p><ul><li><strong>Bewegliche Teile</strong> (Scharniere, Gelenke): 0,5 mm Spalt bei SLS und MJF, 0,4 mm bei FDM, 0,2 mm bei SLA.</li><li><strong>Steckverbindungen</strong>, die halten sollen: 0,2 bis 0,3 mm Spiel, bei SLA 0,1 mm.</li><li><strong>Bohrungen</strong> unter 2 mm Durchmesser besser nachbohren; Gewinde ab M4 lassen sich drucken, kleinere schneiden Sie nach oder setzen Gewindeeinsätze.</li></ul>',
        '<p>Dimensional accuracy is ±0.3 mm or ±0.3 % of the dimension (whichever is larger), for SLA ±0.15 mm or ±0.15 %.</p><ul><li><strong>Moving parts</strong> (hinges, joints): 0.5 mm gap for SLS and MJF, 0.4 mm for FDM, 0.2 mm for SLA.</li><li><strong>Push fits</strong> that should hold: 0.2 to 0.3 mm clearance, 0.1 mm for SLA.</li><li><strong>Holes</strong> below 2 mm in diameter are better drilled afterwards; threads from M4 up can be printed, smaller ones are cut afterwards or use threaded inserts.</li></ul>',
        '<p>La précision dimensionnelle est de ±0,3 mm ou ±0,3 % de la cote (la plus grande valeur s’applique), en SLA de ±0,15 mm ou ±0,15 %.</p><ul><li><strong>Pièces mobiles</strong> (charnières, articulations) : jeu de 0,5 mm en SLS et MJF, 0,4 mm en FDM, 0,2 mm en SLA.</li><li><strong>Emboîtements</strong> qui doivent tenir : 0,2 à 0,3 mm de jeu, 0,1 mm en SLA.</li><li><strong>Perçages</strong> de moins de 2 mm : mieux vaut les reprendre au foret ; les filetages à partir de M4 s’impriment, les plus petits se taraudent ou reçoivent des inserts.</li></ul>',
      ),
      gallery: { position: 'left', images: [tolerances] },
    },
    {
      id: 'ueberhaenge',
      type: 'textpic',
      header: l('Überhänge und Stützen', 'Overhangs and supports', 'Porte-à-faux et supports'),
      bodytext: l(
        '<ul><li><strong>FDM:</strong> Überhänge bis etwa 45° zur Senkrechten druckt die Maschine ohne Stützen, Brücken bis etwa 10 mm Spannweite. Alles Flachere braucht Stützstrukturen, die sichtbare Spuren hinterlassen.</li><li><strong>SLS und MJF:</strong> Das umgebende Pulver trägt das Teil – Überhänge sind beliebig möglich. Hohle Teile brauchen aber zwei Öffnungen von mindestens 5 mm, damit das Pulver herauskommt.</li><li><strong>SLA:</strong> Flächen flacher als etwa 30° werden gestützt. Stützpunkte werden entfernt und verschliffen; legen Sie Sichtflächen deshalb nach oben. Hohlräume brauchen Ablauföffnungen ab 3,5 mm.</li></ul>',
        '<ul><li><strong>FDM:</strong> the machine prints overhangs up to about 45° from vertical without supports, and bridges up to about 10 mm span. Anything flatter needs support structures that leave visible marks.</li><li><strong>SLS and MJF:</strong> the surrounding powder carries the part – any overhang is possible. Hollow parts need two openings of at least 5 mm so the powder can get out.</li><li><strong>SLA:</strong> surfaces flatter than about 30° are supported. Support points are removed and sanded, so place visible faces on top. Cavities need drain holes from 3.5 mm.</li></ul>',
        '<ul><li><strong>FDM :</strong> la machine imprime sans support les porte-à-faux jusqu’à environ 45° de la verticale et les ponts jusqu’à environ 10 mm. Au-delà, il faut des supports qui laissent des traces visibles.</li><li><strong>SLS et MJF :</strong> la poudre environnante porte la pièce – tous les porte-à-faux sont possibles. Les pièces creuses ont besoin de deux ouvertures d’au moins 5 mm pour évacuer la poudre.</li><li><strong>SLA :</strong> les surfaces de moins de 30° environ sont supportées. Les points de support sont retirés et poncés ; placez donc les faces visibles vers le haut. Les cavités ont besoin de trous d’écoulement d’au moins 3,5 mm.</li></ul>',
      ),
      gallery: { position: 'right', images: [overhang] },
    },
    {
      id: 'dateien',
      type: 'text',
      header: l('Gute Druckdateien', 'Good print files', 'De bons fichiers d’impression'),
      headerLayout: 3,
      bodytext: l(
        '<ul><li>Exportieren Sie geschlossene, „wasserdichte“ Körper ohne sich überschneidende Flächen. Kleine Fehler repariert unsere Analyse, große verändern unter Umständen die Form.</li><li>Wählen Sie beim STL-Export eine Sehnenabweichung um 0,01 mm: feiner bringt keine sichtbare Verbesserung, gröber macht Rundungen eckig.</li><li>3MF und STEP speichern die Einheit mit – bei STL prüfen Sie sie nach dem Hochladen.</li><li>Schrift und Gravuren: mindestens 1 mm Strichstärke und 0,5 mm Tiefe.</li></ul>',
        '<ul><li>Export closed, “watertight” bodies without self-intersecting faces. Our analysis repairs small errors; large ones may change the shape.</li><li>When exporting STL, choose a chord deviation of about 0.01 mm: finer brings no visible improvement, coarser makes curves look faceted.</li><li>3MF and STEP store the unit – with STL, check it after uploading.</li><li>Text and engravings: at least 1 mm stroke width and 0.5 mm depth.</li></ul>',
        '<ul><li>Exportez des corps fermés, « étanches », sans faces qui se croisent. Notre analyse répare les petits défauts ; les gros peuvent modifier la forme.</li><li>À l’export STL, choisissez une tolérance de corde d’environ 0,01 mm : plus fin n’apporte rien de visible, plus grossier rend les arrondis anguleux.</li><li>3MF et STEP enregistrent l’unité – pour un STL, vérifiez-la après le téléversement.</li><li>Textes et gravures : au moins 1 mm de trait et 0,5 mm de profondeur.</li></ul>',
      ),
    },
    {
      id: 'pruefung',
      type: 'textpic',
      layout: 'layout-3',
      header: l(
        'Unsicher, ob es passt? Wir schauen drauf.',
        'Not sure it will work? We’ll take a look.',
        'Un doute ? Nous y jetons un œil.',
      ),
      bodytext: l(
        '<p>Schicken Sie uns Ihr Modell über das Kontaktformular. Wir prüfen es vor der Bestellung kostenlos und schlagen Änderungen vor.</p>',
        '<p>Send us your model through the contact form. We check it free of charge before you order and suggest changes.</p>',
        '<p>Envoyez-nous votre modèle via le formulaire de contact. Nous le vérifions gratuitement avant commande et proposons des modifications.</p>',
      ),
      headerLink: { type: 'internal', slug: 'kontakt', anchor: 'contact-form' },
    },
  ],
}
