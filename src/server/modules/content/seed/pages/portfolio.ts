import { bracket, gear, housing } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Portfolio (main navigation): examples from customer projects. */
export const portfolioPage: SeedPage = {
  slug: 'portfolio',
  title: l('Portfolio', 'Portfolio', 'Réalisations'),
  subtitle: l('Bauteile aus unserer Werkstatt', 'Parts from our workshop', 'Pièces sorties de notre atelier'),
  description: l(
    'Beispiele aus Kundenprojekten: Gehäuse, Zahnräder und Halterungen im 3D-Druck.',
    'Examples from customer projects: housings, gears and brackets, 3D printed.',
    'Exemples de projets clients : boîtiers, engrenages et supports imprimés en 3D.',
  ),
  elements: [
    {
      id: 'portfolio',
      type: 'heading',
      headerLayout: 1,
      header: l('Portfolio', 'Portfolio', 'Réalisations'),
      subheader: l(
        'Bauteile aus unserer Werkstatt',
        'Parts from our workshop',
        'Pièces sorties de notre atelier',
      ),
    },
    {
      id: 'gehaeuse',
      type: 'textpic',
      layout: 'layout-5',
      header: l(
        'Elektronikgehäuse in Kleinserie',
        'Electronics housings in a small series',
        'Boîtiers électroniques en petite série',
      ),
      subheader: l('MJF, PA12 grau, 250 Stück', 'MJF, grey PA12, 250 pieces', 'MJF, PA12 gris, 250 pièces'),
      bodytext: l(
        '<p>Ein Start-up brauchte Gehäuse für ein Messgerät, bevor sich ein Spritzgusswerkzeug lohnte. Schnapphaken mit 0,4 mm Spiel, eingedruckte Beschriftung, geperlte Oberfläche: nach zwei Iterationen ging die Serie in fünf Werktagen in Produktion.</p>',
        '<p>A start-up needed housings for a measuring device before an injection mould paid off. Snap fits with 0.4 mm clearance, printed-in lettering, bead-blasted surface: after two iterations the series went into production within five working days.</p>',
        '<p>Une start-up avait besoin de boîtiers pour un appareil de mesure avant qu’un moule d’injection soit rentable. Clips avec 0,4 mm de jeu, marquage imprimé, surface microbillée : après deux itérations, la série est partie en production en cinq jours ouvrés.</p>',
      ),
      gallery: { position: 'left', images: [housing] },
    },
    {
      id: 'zahnrad',
      type: 'textpic',
      layout: 'layout-7',
      header: l(
        'Ersatzzahnrad für eine Verpackungsmaschine',
        'Replacement gear for a packaging machine',
        'Engrenage de rechange pour une machine d’emballage',
      ),
      subheader: l('SLS, PA12', 'SLS, PA12', 'SLS, PA12'),
      bodytext: l(
        '<p>Das Original war nicht mehr lieferbar. Aus einem vermessenen Muster entstand ein CAD-Modell, das Zahnrad lief nach dem Druck ohne Nacharbeit – und kostet ein Zehntel der Stillstandszeit.</p>',
        '<p>The original was no longer available. A CAD model was made from a measured sample, and the printed gear ran without rework – at a tenth of the cost of the downtime.</p>',
        '<p>L’original n’était plus disponible. Un modèle CAO a été créé à partir d’un échantillon mesuré, et l’engrenage imprimé a fonctionné sans retouche – pour un dixième du coût de l’arrêt machine.</p>',
      ),
      headerLink: { type: 'internal', slug: 'konstruktion', anchor: 'reverse-engineering' },
      gallery: { position: 'above', images: [gear] },
    },
    {
      id: 'winkel',
      type: 'textpic',
      layout: 'layout-7',
      header: l(
        'Montagewinkel für den Messebau',
        'Mounting brackets for trade-fair stands',
        'Équerres de montage pour stands',
      ),
      subheader: l('FDM, PETG schwarz', 'FDM, black PETG', 'FDM, PETG noir'),
      bodytext: l(
        '<p>Vierzig leichte Winkel in zwei Tagen, mit Verrippung statt Vollmaterial: halb so schwer wie gefräst und trotzdem steif genug für Wandpaneele.</p>',
        '<p>Forty lightweight brackets in two days, ribbed instead of solid: half the weight of a milled part and still stiff enough for wall panels.</p>',
        '<p>Quarante équerres légères en deux jours, nervurées plutôt que pleines : moitié moins lourdes qu’une pièce fraisée et assez rigides pour des panneaux muraux.</p>',
      ),
      headerLink: { type: 'internal', slug: 'produktion/tipps-und-tricks-im-3d-druck' },
      gallery: { position: 'above', images: [bracket] },
    },
    {
      id: 'ihr-projekt',
      type: 'text',
      bodytext: l(
        '<p>Sie haben ein ähnliches Projekt? <a href="/kontakt">Schreiben Sie uns</a> oder laden Sie Ihr Modell direkt auf der <a href="/">Startseite</a> hoch.</p>',
        '<p>Have a similar project? <a href="/en/kontakt">Write to us</a> or upload your model right on the <a href="/en">home page</a>.</p>',
        '<p>Vous avez un projet similaire ? <a href="/fr/kontakt">Écrivez-nous</a> ou téléversez votre modèle directement sur la <a href="/fr">page d’accueil</a>.</p>',
      ),
    },
  ],
}
