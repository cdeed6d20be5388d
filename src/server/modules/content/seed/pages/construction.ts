import { construction } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Construction (story navigation): CAD service, reverse engineering, design for printing. */
export const constructionPage: SeedPage = {
  slug: 'konstruktion',
  story: true,
  title: l('Konstruktion', 'Design engineering', 'Conception'),
  subtitle: l(
    'Von der Skizze zum druckfertigen Modell',
    'From sketch to print-ready model',
    'Du croquis au modèle prêt à imprimer',
  ),
  description: l(
    'CAD-Konstruktion, Reverse Engineering und druckgerechte Optimierung Ihrer Bauteile.',
    'CAD design, reverse engineering and design for additive manufacturing.',
    'Conception CAO, rétro-ingénierie et optimisation pour la fabrication additive.',
  ),
  elements: [
    {
      id: 'konstruktion',
      type: 'heading',
      headerLayout: 1,
      header: l('Konstruktion', 'Design engineering', 'Conception'),
      subheader: l(
        'Von der Skizze zum druckfertigen Modell',
        'From sketch to print-ready model',
        'Du croquis au modèle prêt à imprimer',
      ),
    },
    {
      id: 'cad-service',
      type: 'textpic',
      layout: 'layout-1',
      header: l('CAD-Service', 'CAD service', 'Service CAO'),
      bodytext: l(
        '<p>Sie haben eine Idee, eine Handskizze oder eine Zeichnung aus Papierzeiten? Wir konstruieren das Modell in STEP und STL, stimmen es mit Ihnen ab und übergeben Ihnen die Daten – sie gehören Ihnen.</p>',
        '<p>You have an idea, a hand sketch or a drawing from the paper era? We design the model in STEP and STL, agree it with you and hand over the data – it belongs to you.</p>',
        '<p>Vous avez une idée, un croquis ou un plan de l’époque papier ? Nous concevons le modèle en STEP et STL, le validons avec vous et vous remettons les données – elles vous appartiennent.</p>',
      ),
      gallery: { position: 'right', images: [construction] },
    },
    {
      id: 'reverse-engineering',
      type: 'text',
      header: l('Reverse Engineering', 'Reverse engineering', 'Rétro-ingénierie'),
      headerLayout: 2,
      bodytext: l(
        '<p>Für Ersatzteile, die es nicht mehr gibt, vermessen wir das Original oder seine Bruchstücke und bauen es im CAD nach. Verschleißstellen verstärken wir dabei gleich.</p>',
        '<p>For spare parts that are no longer available, we measure the original or its broken pieces and rebuild it in CAD – reinforcing the points that wore out along the way.</p>',
        '<p>Pour les pièces de rechange introuvables, nous mesurons l’original ou ses morceaux et le reconstruisons en CAO – en renforçant au passage les zones d’usure.</p>',
      ),
    },
    {
      id: 'druckgerecht',
      type: 'text',
      header: l('Druckgerecht optimieren', 'Design for printing', 'Optimiser pour l’impression'),
      headerLayout: 2,
      bodytext: l(
        '<p>Aus einem Frästeil wird nicht automatisch ein gutes Druckteil. Wir ersetzen Vollmaterial durch Rippen, legen Überhänge günstig, fassen Baugruppen zu einem Teil zusammen und setzen die Regeln aus unseren <a href="/produktion/tipps-und-tricks-im-3d-druck">Konstruktionsrichtlinien</a> um.</p>',
        '<p>A milled part does not automatically make a good printed part. We replace solid material with ribs, orient overhangs favourably, merge assemblies into one part and apply the rules from our <a href="/en/produktion/tipps-und-tricks-im-3d-druck">design guidelines</a>.</p>',
        '<p>Une pièce fraisée ne fait pas forcément une bonne pièce imprimée. Nous remplaçons la matière pleine par des nervures, orientons favorablement les porte-à-faux, regroupons des assemblages en une seule pièce et appliquons nos <a href="/fr/produktion/tipps-und-tricks-im-3d-druck">règles de conception</a>.</p>',
      ),
    },
  ],
}
