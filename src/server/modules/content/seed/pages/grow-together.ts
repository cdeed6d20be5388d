import { growth, production } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** "Zusammen wachsen" (part 2 §2 static link): partnerships, resellers, white labels. */
export const growTogetherPage: SeedPage = {
  slug: 'zusammen-wachsen',
  title: l('Zusammen wachsen', 'Growing together', 'Grandir ensemble'),
  subtitle: l(
    'Partnerschaften für Händler, Dienstleister und Hochschulen',
    'Partnerships for resellers, service providers and universities',
    'Partenariats pour revendeurs, prestataires et universités',
  ),
  description: l(
    'Nutzen Sie unsere Fertigung unter Ihrem eigenen Namen oder als verlängerte Werkbank.',
    'Use our production under your own name or as an extended workbench.',
    'Utilisez notre production sous votre propre nom ou comme atelier prolongé.',
  ),
  elements: [
    {
      id: 'zusammen-wachsen',
      type: 'heading',
      headerLayout: 1,
      header: l('Zusammen wachsen', 'Growing together', 'Grandir ensemble'),
      subheader: l(
        'Partnerschaften für Händler, Dienstleister und Hochschulen',
        'Partnerships for resellers, service providers and universities',
        'Partenariats pour revendeurs, prestataires et universités',
      ),
    },
    {
      id: 'white-label',
      type: 'textpic',
      layout: 'layout-2',
      header: l(
        'Ihr Shop, unsere Fertigung',
        'Your shop, our production',
        'Votre boutique, notre production',
      ),
      bodytext: l(
        '<p>Mit einem eigenen White-Label-Zugang bieten Sie Ihren Kundinnen und Kunden 3D-Druck unter Ihrer Marke an: eigene Werkstoffauswahl, eigene Preisblätter, Ihre Anschrift auf dem Lieferschein. Wir fertigen und versenden – neutral verpackt.</p>',
        '<p>With your own white-label access you offer 3D printing to your customers under your brand: your own choice of materials, your own price sheets, your address on the delivery note. We manufacture and ship – in neutral packaging.</p>',
        '<p>Avec votre propre accès en marque blanche, vous proposez l’impression 3D à vos clients sous votre marque : votre sélection de matériaux, vos grilles de prix, votre adresse sur le bon de livraison. Nous fabriquons et expédions – dans un emballage neutre.</p>',
      ),
      gallery: { position: 'right', images: [production] },
    },
    {
      id: 'werkbank',
      type: 'textpic',
      layout: 'layout-1',
      header: l('Verlängerte Werkbank', 'Extended workbench', 'Atelier prolongé'),
      bodytext: l(
        '<p>Sie drucken selbst, aber Ihre Anlagen sind ausgelastet oder ein Verfahren fehlt? Wir übernehmen Spitzen und Sonderfälle zu festen Konditionen, mit Rahmenvertrag und Ansprechperson.</p><p>Für Forschung und Lehre gelten besondere Preise; Abschlussarbeiten mit Bezug zur additiven Fertigung unterstützen wir gern.</p>',
        '<p>You print yourself, but your machines are busy or a process is missing? We take on peaks and special cases at fixed conditions, with a framework agreement and a named contact.</p><p>Special prices apply to research and teaching; we are happy to support theses related to additive manufacturing.</p>',
        '<p>Vous imprimez vous-même, mais vos machines sont saturées ou un procédé vous manque ? Nous prenons en charge les pics et les cas particuliers à conditions fixes, avec contrat-cadre et interlocuteur dédié.</p><p>Des tarifs spéciaux s’appliquent à la recherche et à l’enseignement ; nous soutenons volontiers les mémoires liés à la fabrication additive.</p>',
      ),
      gallery: { position: 'left', images: [growth] },
    },
    {
      id: 'gespraech',
      type: 'textpic',
      layout: 'layout-3',
      header: l('Lassen Sie uns reden', 'Let’s talk', 'Parlons-en'),
      bodytext: l(
        '<p>Erzählen Sie uns, was Sie vorhaben – wir melden uns mit einem Vorschlag.</p>',
        '<p>Tell us what you have in mind – we will come back with a proposal.</p>',
        '<p>Dites-nous ce que vous envisagez – nous revenons vers vous avec une proposition.</p>',
      ),
      headerLink: { type: 'internal', slug: 'kontakt', anchor: 'contact-form' },
    },
  ],
}
