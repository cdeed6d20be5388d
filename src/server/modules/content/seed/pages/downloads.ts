import { designRulesOverview, documents } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Downloads (main navigation). */
export const downloadsPage: SeedPage = {
  slug: 'downloads',
  title: l('Downloads', 'Downloads', 'Téléchargements'),
  subtitle: l(
    'Unterlagen für Konstruktion und Einkauf',
    'Documents for design and purchasing',
    'Documents pour la conception et les achats',
  ),
  description: l(
    'Konstruktionsrichtlinien, Werkstoffinformationen und Geschäftsbedingungen zum Herunterladen.',
    'Design guidelines, material information and terms to download.',
    'Règles de conception, informations matériaux et conditions à télécharger.',
  ),
  elements: [
    {
      id: 'downloads',
      type: 'heading',
      headerLayout: 1,
      header: l('Downloads', 'Downloads', 'Téléchargements'),
      subheader: l(
        'Unterlagen für Konstruktion und Einkauf',
        'Documents for design and purchasing',
        'Documents pour la conception et les achats',
      ),
    },
    {
      id: 'richtlinien-uebersicht',
      type: 'textpic',
      header: l(
        'Konstruktionsrichtlinien im Überblick',
        'Design rules at a glance',
        'Règles de conception en bref',
      ),
      bodytext: l(
        '<p>Wandstärken, Spiel, Überhänge und Toleranzen für FDM, SLS, MJF und SLA auf einer Seite – zum Ausdrucken neben dem CAD-Bildschirm: <a href="/api/cms/media/design-rules-overview.svg">Übersicht herunterladen (SVG)</a>. Die Erläuterungen dazu finden Sie unter <a href="/produktion/tipps-und-tricks-im-3d-druck">Tipps und Tricks im 3D-Druck</a>.</p>',
        '<p>Wall thickness, clearance, overhangs and tolerances for FDM, SLS, MJF and SLA on one page – to print and keep next to your CAD screen: <a href="/api/cms/media/design-rules-overview.svg">download the overview (SVG)</a>. The explanations are in <a href="/en/produktion/tipps-und-tricks-im-3d-druck">tips and tricks for 3D printing</a>.</p>',
        '<p>Épaisseurs de paroi, jeux, porte-à-faux et tolérances pour FDM, SLS, MJF et SLA sur une page – à imprimer et garder près de l’écran de CAO : <a href="/api/cms/media/design-rules-overview.svg">télécharger l’aperçu (SVG)</a>. Les explications se trouvent dans <a href="/fr/produktion/tipps-und-tricks-im-3d-druck">conseils pour l’impression 3D</a>.</p>',
      ),
      gallery: { position: 'right', images: [designRulesOverview] },
    },
    {
      id: 'weitere-unterlagen',
      type: 'textpic',
      layout: 'layout-2',
      header: l('Weitere Unterlagen', 'Further documents', 'Autres documents'),
      bodytext: l(
        '<ul><li><strong>Werkstoffdatenblätter</strong> zu PA12, PETG, ASA und unseren Harzen schicken wir Ihnen gern – <a href="/kontakt">fragen Sie an</a>.</li><li><strong>Allgemeine Geschäftsbedingungen:</strong> <a href="/agb-onlineportal">online lesen</a>, über die Druckfunktion Ihres Browsers als PDF speichern.</li><li><strong>Außenwirtschaftsbedingungen</strong> für Lieferungen ins Ausland: <a href="/aussenhandel">online lesen</a>.</li><li><strong>Lieferantenerklärung und Zertifikate</strong> für Ihren Einkauf auf Anfrage.</li></ul>',
        '<ul><li><strong>Material data sheets</strong> for PA12, PETG, ASA and our resins are happily sent on request – <a href="/en/kontakt">just ask</a>.</li><li><strong>General terms and conditions:</strong> <a href="/en/agb-onlineportal">read online</a>, save as PDF with your browser’s print function.</li><li><strong>Foreign trade terms</strong> for deliveries abroad: <a href="/en/aussenhandel">read online</a>.</li><li><strong>Supplier declaration and certificates</strong> for your purchasing department on request.</li></ul>',
        '<ul><li><strong>Fiches techniques</strong> du PA12, du PETG, de l’ASA et de nos résines envoyées volontiers sur demande – <a href="/fr/kontakt">demandez-les</a>.</li><li><strong>Conditions générales de vente :</strong> <a href="/fr/agb-onlineportal">à lire en ligne</a>, à enregistrer en PDF via la fonction d’impression du navigateur.</li><li><strong>Conditions du commerce extérieur</strong> pour les livraisons à l’étranger : <a href="/fr/aussenhandel">à lire en ligne</a>.</li><li><strong>Déclaration fournisseur et certificats</strong> pour votre service achats sur demande.</li></ul>',
      ),
      gallery: { position: 'left', images: [documents] },
    },
  ],
}
