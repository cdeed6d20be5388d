import { layers, multiJet, powderBed, production, resinVat } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** Production (story navigation): processes, finishing, quality assurance. */
export const productionPage: SeedPage = {
  slug: 'produktion',
  story: true,
  title: l('Produktion', 'Production', 'Production'),
  subtitle: l(
    'Vier Verfahren, eine Werkstatt',
    'Four processes, one workshop',
    'Quatre procédés, un atelier',
  ),
  description: l(
    'FDM, SLS, MJF und SLA, Nachbearbeitung und Qualitätssicherung bei Schichtwerk.',
    'FDM, SLS, MJF and SLA, finishing and quality assurance at Schichtwerk.',
    'FDM, SLS, MJF et SLA, finition et contrôle qualité chez Schichtwerk.',
  ),
  media: [production],
  elements: [
    {
      id: 'produktion',
      type: 'textpic',
      layout: 'layout-4',
      headerLayout: 1,
      header: l('Produktion', 'Production', 'Production'),
      subheader: l(
        'Vier Verfahren, eine Werkstatt',
        'Four processes, one workshop',
        'Quatre procédés, un atelier',
      ),
      bodytext: l(
        '<p>Jedes Teil entsteht bei uns im Haus: gedruckt, entpulvert oder gestützt gelöst, nachbearbeitet, geprüft und verpackt.</p>',
        '<p>Every part is made in-house: printed, depowdered or freed from supports, finished, inspected and packed.</p>',
        '<p>Chaque pièce est fabriquée chez nous : imprimée, dépoudrée ou libérée de ses supports, finie, contrôlée et emballée.</p>',
      ),
      gallery: { position: 'right', images: [production] },
    },
    {
      id: 'verfahren',
      type: 'textpic',
      header: l('Unsere Verfahren', 'Our processes', 'Nos procédés'),
      headerLayout: 2,
      bodytext: l(
        '<ul><li><strong>FDM</strong> (Schmelzschichtung): Bauraum bis 300 × 300 × 400 mm, Schichthöhe 0,1–0,3 mm.</li><li><strong>SLS</strong> (Lasersintern, PA12): bis 340 × 340 × 600 mm, ohne Stützstrukturen.</li><li><strong>MJF</strong> (Multi Jet Fusion, PA12): bis 380 × 284 × 380 mm, fein und schnell in Serie.</li><li><strong>SLA</strong> (Stereolithografie): bis 145 × 145 × 175 mm, Schichthöhe ab 0,025 mm.</li></ul>',
        '<ul><li><strong>FDM</strong> (fused filament fabrication): build volume up to 300 × 300 × 400 mm, layer height 0.1–0.3 mm.</li><li><strong>SLS</strong> (laser sintering, PA12): up to 340 × 340 × 600 mm, no support structures.</li><li><strong>MJF</strong> (Multi Jet Fusion, PA12): up to 380 × 284 × 380 mm, fine and fast in series.</li><li><strong>SLA</strong> (stereolithography): up to 145 × 145 × 175 mm, layer height from 0.025 mm.</li></ul>',
        '<ul><li><strong>FDM</strong> (dépôt de fil fondu) : volume jusqu’à 300 × 300 × 400 mm, couches de 0,1 à 0,3 mm.</li><li><strong>SLS</strong> (frittage laser, PA12) : jusqu’à 340 × 340 × 600 mm, sans supports.</li><li><strong>MJF</strong> (Multi Jet Fusion, PA12) : jusqu’à 380 × 284 × 380 mm, fin et rapide en série.</li><li><strong>SLA</strong> (stéréolithographie) : jusqu’à 145 × 145 × 175 mm, couches dès 0,025 mm.</li></ul>',
      ),
      gallery: { position: 'below', columns: 4, images: [layers, powderBed, multiJet, resinVat] },
    },
    {
      id: 'nachbearbeitung',
      type: 'text',
      header: l('Nachbearbeitung', 'Finishing', 'Finition'),
      headerLayout: 2,
      bodytext: l(
        '<p>Gleitschleifen und Perlstrahlen für gleichmäßige Oberflächen, Einfärben in Schwarz oder Farbe, Dampfglätten für dichte, glatte PA12-Teile, Schleifen und Lackieren für Sichtmodelle. Welche Oberflächen für Ihr Verfahren möglich sind, zeigt der Konfigurator.</p>',
        '<p>Vibratory finishing and bead blasting for even surfaces, dyeing in black or colour, vapour smoothing for sealed, smooth PA12 parts, sanding and painting for display models. The configurator shows which finishes are available for your process.</p>',
        '<p>Tribofinition et microbillage pour des surfaces homogènes, teinture en noir ou en couleur, lissage à la vapeur pour des pièces PA12 étanches et lisses, ponçage et peinture pour les maquettes. Le configurateur indique les finitions possibles pour votre procédé.</p>',
      ),
    },
    {
      id: 'qualitaetssicherung',
      type: 'text',
      header: l('Qualitätssicherung', 'Quality assurance', 'Contrôle qualité'),
      headerLayout: 2,
      bodytext: l(
        '<p>Jeder Auftrag wird vor dem Druck automatisch und von Hand geprüft. Nach dem Druck kontrollieren wir Maße stichprobenartig, bei Serien mit Prüfprotokoll. Fällt ein Teil durch, drucken wir es neu, bevor Sie es bemerken. Wie Sie Ihr Modell von Anfang an druckgerecht gestalten, lesen Sie in den <a href="/produktion/tipps-und-tricks-im-3d-druck">Tipps und Tricks im 3D-Druck</a>.</p>',
        '<p>Every order is checked automatically and by hand before printing. After printing we spot-check dimensions, with an inspection report for series. If a part fails, we reprint it before you notice. How to design your model for printing from the start is explained in <a href="/en/produktion/tipps-und-tricks-im-3d-druck">tips and tricks for 3D printing</a>.</p>',
        '<p>Chaque commande est vérifiée automatiquement et manuellement avant impression. Après impression, nous contrôlons les cotes par échantillonnage, avec rapport de contrôle pour les séries. Si une pièce n’est pas conforme, nous la réimprimons avant que vous ne le remarquiez. Pour concevoir votre modèle correctement dès le départ, lisez nos <a href="/fr/produktion/tipps-und-tricks-im-3d-druck">conseils pour l’impression 3D</a>.</p>',
      ),
    },
  ],
}
