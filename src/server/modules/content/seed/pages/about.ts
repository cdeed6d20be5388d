import { growth, team } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** About us (main navigation). */
export const aboutPage: SeedPage = {
  slug: 'ueber-uns',
  title: l('Über uns', 'About us', 'À propos'),
  subtitle: l(
    'Schicht für Schicht, seit dem ersten Drucker',
    'Layer by layer, since our first printer',
    'Couche après couche, depuis notre première imprimante',
  ),
  description: l(
    'Wer hinter Schichtwerk steht und wie wir arbeiten.',
    'Who is behind Schichtwerk and how we work.',
    'Qui se cache derrière Schichtwerk et comment nous travaillons.',
  ),
  elements: [
    {
      id: 'ueber-uns',
      type: 'heading',
      headerLayout: 1,
      header: l('Über uns', 'About us', 'À propos'),
      subheader: l(
        'Schicht für Schicht, seit dem ersten Drucker',
        'Layer by layer, since our first printer',
        'Couche après couche, depuis notre première imprimante',
      ),
    },
    {
      id: 'werkstatt',
      type: 'textpic',
      header: l(
        'Eine Werkstatt, kein Marktplatz',
        'A workshop, not a marketplace',
        'Un atelier, pas une place de marché',
      ),
      bodytext: l(
        '<p>Schichtwerk ist aus einer kleinen Konstruktionswerkstatt entstanden, die für ihre eigenen Prototypen immer öfter druckte. Heute fertigen wir mit FDM-, SLS-, MJF- und SLA-Anlagen für Entwicklungsabteilungen, Handwerksbetriebe, Hochschulen und Privatleute – alles unter einem Dach.</p><p>Jedes Teil sieht vor dem Versand ein Mensch an. Und wenn ein anderes Verfahren für Ihr Bauteil besser oder günstiger ist als der 3D-Druck, sagen wir Ihnen das.</p>',
        '<p>Schichtwerk grew out of a small design studio that printed more and more of its own prototypes. Today we manufacture with FDM, SLS, MJF and SLA machines for development departments, workshops, universities and private customers – all under one roof.</p><p>A person looks at every part before it ships. And if another process suits your part better or costs less than 3D printing, we tell you.</p>',
        '<p>Schichtwerk est né d’un petit bureau d’études qui imprimait de plus en plus ses propres prototypes. Aujourd’hui, nous fabriquons avec des machines FDM, SLS, MJF et SLA pour des services de développement, des artisans, des universités et des particuliers – tout sous un même toit.</p><p>Chaque pièce est contrôlée par une personne avant l’expédition. Et si un autre procédé convient mieux à votre pièce ou coûte moins cher que l’impression 3D, nous vous le disons.</p>',
      ),
      gallery: { position: 'right', images: [team] },
    },
    {
      id: 'werte',
      type: 'textpic',
      layout: 'layout-1',
      header: l(
        'Woran wir uns messen lassen',
        'What we want to be measured by',
        'Ce sur quoi nous voulons être jugés',
      ),
      bodytext: l(
        '<ul><li><strong>Ehrliche Preise:</strong> Der Preis im Konfigurator ist der Preis auf der Rechnung.</li><li><strong>Verlässliche Termine:</strong> fünf Werktage Fertigung, und wenn es einmal länger dauert, erfahren Sie es zuerst.</li><li><strong>Weniger Abfall:</strong> Nicht verschmolzenes Pulver bereiten wir auf, Fehldrucke gehen ins Recycling.</li><li><strong>Offene Software:</strong> Dieser Shop ist Open Source.</li></ul>',
        '<ul><li><strong>Honest prices:</strong> the price in the configurator is the price on the invoice.</li><li><strong>Reliable dates:</strong> five working days of production, and if it ever takes longer, you are the first to know.</li><li><strong>Less waste:</strong> we reprocess unfused powder, and failed prints go to recycling.</li><li><strong>Open software:</strong> this shop is open source.</li></ul>',
        '<ul><li><strong>Des prix honnêtes :</strong> le prix du configurateur est le prix de la facture.</li><li><strong>Des délais fiables :</strong> cinq jours ouvrés de fabrication, et si cela prend plus longtemps, vous êtes les premiers informés.</li><li><strong>Moins de déchets :</strong> nous retraitons la poudre non fusionnée, et les impressions ratées partent au recyclage.</li><li><strong>Un logiciel ouvert :</strong> cette boutique est open source.</li></ul>',
      ),
      gallery: { position: 'left', images: [growth] },
    },
    {
      id: 'mitmachen',
      type: 'text',
      bodytext: l(
        '<p>Sie möchten mit uns zusammenarbeiten – als Partner, Händler oder Hochschule? Lesen Sie <a href="/zusammen-wachsen">Zusammen wachsen</a>.</p>',
        '<p>Would you like to work with us – as a partner, reseller or university? Read <a href="/en/zusammen-wachsen">Growing together</a>.</p>',
        '<p>Vous souhaitez travailler avec nous – comme partenaire, revendeur ou université ? Lisez <a href="/fr/zusammen-wachsen">Grandir ensemble</a>.</p>',
      ),
    },
  ],
}
