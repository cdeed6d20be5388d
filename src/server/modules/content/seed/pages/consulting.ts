import { consulting } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Consulting (story navigation): choosing material, process and economics. */
export const consultingPage: SeedPage = {
  slug: 'beratung',
  story: true,
  title: l('Beratung', 'Consulting', 'Conseil'),
  subtitle: l(
    'Das richtige Verfahren für Ihr Bauteil',
    'The right process for your part',
    'Le bon procédé pour votre pièce',
  ),
  description: l(
    'Werkstoffwahl, Verfahrenswahl und Wirtschaftlichkeit: Wir beraten, bevor Sie bestellen.',
    'Material choice, process choice and economics: we advise before you order.',
    'Choix du matériau, du procédé et rentabilité : nous vous conseillons avant la commande.',
  ),
  elements: [
    {
      id: 'beratung',
      type: 'heading',
      headerLayout: 1,
      header: l('Beratung', 'Consulting', 'Conseil'),
      subheader: l(
        'Das richtige Verfahren für Ihr Bauteil',
        'The right process for your part',
        'Le bon procédé pour votre pièce',
      ),
    },
    {
      id: 'werkstoffwahl',
      type: 'textpic',
      header: l('Werkstoffwahl', 'Choosing a material', 'Choix du matériau'),
      headerLayout: 2,
      bodytext: l(
        '<p>PA12 ist zäh und chemikalienbeständig, PETG günstig und lebensmittelnah, ASA UV-beständig für draußen, Harze glatt und detailreich, aber spröder. Welcher Werkstoff passt, hängt von Temperatur, Belastung, Umgebung und Optik ab – und manchmal von der Norm, die Ihr Teil erfüllen muss.</p>',
        '<p>PA12 is tough and resistant to chemicals, PETG affordable and close to food-safe, ASA UV-resistant for outdoor use, resins smooth and detailed but more brittle. Which material fits depends on temperature, load, environment and appearance – and sometimes on the standard your part has to meet.</p>',
        '<p>Le PA12 est tenace et résiste aux produits chimiques, le PETG est économique et proche du contact alimentaire, l’ASA résiste aux UV en extérieur, les résines sont lisses et détaillées mais plus cassantes. Le bon matériau dépend de la température, des contraintes, de l’environnement et de l’aspect – et parfois de la norme que doit respecter votre pièce.</p>',
      ),
      gallery: { position: 'right', images: [consulting] },
    },
    {
      id: 'verfahrenswahl',
      type: 'text',
      header: l('Verfahrenswahl', 'Choosing a process', 'Choix du procédé'),
      headerLayout: 2,
      bodytext: l(
        '<table><thead><tr><th scope="col">Anforderung</th><th scope="col">Unsere Empfehlung</th></tr></thead><tbody><tr><td>Schneller, günstiger Prototyp</td><td>FDM</td></tr><tr><td>Belastbares Funktionsteil, komplexe Geometrie</td><td>SLS oder MJF</td></tr><tr><td>Serie ab etwa 50 Stück</td><td>MJF</td></tr><tr><td>Sichtmodell, feine Details</td><td>SLA</td></tr></tbody></table>',
        '<table><thead><tr><th scope="col">Requirement</th><th scope="col">Our recommendation</th></tr></thead><tbody><tr><td>Fast, cheap prototype</td><td>FDM</td></tr><tr><td>Strong functional part, complex geometry</td><td>SLS or MJF</td></tr><tr><td>Series from about 50 pieces</td><td>MJF</td></tr><tr><td>Display model, fine details</td><td>SLA</td></tr></tbody></table>',
        '<table><thead><tr><th scope="col">Besoin</th><th scope="col">Notre recommandation</th></tr></thead><tbody><tr><td>Prototype rapide et économique</td><td>FDM</td></tr><tr><td>Pièce fonctionnelle résistante, géométrie complexe</td><td>SLS ou MJF</td></tr><tr><td>Série à partir d’environ 50 pièces</td><td>MJF</td></tr><tr><td>Maquette, détails fins</td><td>SLA</td></tr></tbody></table>',
      ),
    },
    {
      id: 'wirtschaftlichkeit',
      type: 'text',
      header: l('Wirtschaftlichkeit', 'Economics', 'Rentabilité'),
      headerLayout: 2,
      bodytext: l(
        '<p>3D-Druck lohnt sich bei kleinen Stückzahlen, komplexen Formen und Teilen, die sich oft ändern. Ab einigen tausend gleichen Teilen ist Spritzguss meist günstiger. Wir rechnen Ihnen beides durch, bevor Sie investieren.</p>',
        '<p>3D printing pays off for small quantities, complex shapes and parts that change often. From a few thousand identical parts, injection moulding is usually cheaper. We calculate both for you before you invest.</p>',
        '<p>L’impression 3D est rentable pour les petites quantités, les formes complexes et les pièces qui évoluent souvent. À partir de quelques milliers de pièces identiques, l’injection est généralement moins chère. Nous calculons les deux options avant que vous n’investissiez.</p>',
      ),
    },
    {
      id: 'termin',
      type: 'textpic',
      layout: 'layout-3',
      header: l('Beratung anfragen', 'Ask for advice', 'Demander conseil'),
      bodytext: l(
        '<p>Die Erstberatung ist kostenlos. Schicken Sie uns Ihr Modell und ein paar Sätze zum Einsatzzweck.</p>',
        '<p>The first consultation is free. Send us your model and a few sentences about its purpose.</p>',
        '<p>Le premier conseil est gratuit. Envoyez-nous votre modèle et quelques phrases sur son usage.</p>',
      ),
      headerLink: { type: 'internal', slug: 'kontakt', anchor: 'contact-form' },
    },
  ],
}
