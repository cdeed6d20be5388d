import type { LocalizedText } from '#server/db/localized-text.ts'

/**
 * The demo catalogue a fresh installation starts with: eight print modes across FDM, SLS, MJF, SLA, PolyJet and
 * metal (SLM), with figures in the range of common production machines. Keys are seed-internal; rows get random ids.
 */

type Text = Required<LocalizedText>

export interface SeedColor {
  /** Spreadsheet variable of the print mode's price sheet; also names the thumbnail file. */
  key: string
  name: Text
  hex: string
  /** Keys of the finishes of this print mode the colour is offered with. */
  finishes: string[]
  /** The price sheet's `color` variable, a factor (docs/pricing/variables.md); 1 when absent. */
  sheetVariable?: number
}

export interface SeedFinish {
  key: string
  name: Text
  description: Text
  /** The price sheet's `finish` variable, a factor (docs/pricing/variables.md); 1 when absent. */
  sheetVariable?: number
}

export interface SeedPrintMode {
  key: string
  material: string
  method: string
  name: Text
  description: Text
  surfaceQuality: Text
  applications: Text
  maxDimensionsMm: { x: number; y: number; z: number }
  minFeatureSizeMm: number
  resolutionXYMm: number
  resolutionZMm: number
  ranking: {
    price: number
    flexibility: number
    stability: number
    precision: number
    wearResistance: number
    heatResistance: number
    maxNumberOfParts: number
    maxIncrementalMeasurement: number
  }
  finishes: SeedFinish[]
  colors: SeedColor[]
  processingSteps: string[]
}

export const seedMaterials: Record<string, Text> = {
  pla: { de: 'PLA (Polylactid)', en: 'PLA (polylactic acid)', fr: 'PLA (acide polylactique)' },
  tpu: {
    de: 'TPU 95A (thermoplastisches Polyurethan)',
    en: 'TPU 95A (thermoplastic polyurethane)',
    fr: 'TPU 95A (polyuréthane thermoplastique)',
  },
  pa12: { de: 'PA12 (Polyamid 12)', en: 'PA12 (polyamide 12)', fr: 'PA12 (polyamide 12)' },
  resin: { de: 'Standard-Kunstharz', en: 'Standard resin', fr: 'Résine standard' },
  toughResin: {
    de: 'Zähes Kunstharz (ABS-ähnlich)',
    en: 'Tough resin (ABS-like)',
    fr: 'Résine tenace (type ABS)',
  },
  vero: { de: 'Vero (Photopolymer)', en: 'Vero (photopolymer)', fr: 'Vero (photopolymère)' },
  steel316l: { de: 'Edelstahl 316L', en: 'Stainless steel 316L', fr: 'Acier inoxydable 316L' },
}

export const seedMethods: Record<string, Text> = {
  fdm: {
    de: 'FDM – Schmelzschichtung',
    en: 'FDM – fused deposition modelling',
    fr: 'FDM – dépôt de fil fondu',
  },
  sls: {
    de: 'SLS – Selektives Lasersintern',
    en: 'SLS – selective laser sintering',
    fr: 'SLS – frittage laser sélectif',
  },
  mjf: { de: 'MJF – Multi Jet Fusion', en: 'MJF – Multi Jet Fusion', fr: 'MJF – Multi Jet Fusion' },
  sla: { de: 'SLA – Stereolithografie', en: 'SLA – stereolithography', fr: 'SLA – stéréolithographie' },
  dlp: {
    de: 'DLP – Digitale Lichtverarbeitung',
    en: 'DLP – digital light processing',
    fr: 'DLP – traitement numérique de la lumière',
  },
  polyjet: {
    de: 'PolyJet – Materialstrahlen',
    en: 'PolyJet – material jetting',
    fr: 'PolyJet – projection de matière',
  },
  slm: {
    de: 'SLM – Selektives Laserschmelzen',
    en: 'SLM – selective laser melting',
    fr: 'SLM – fusion laser sélective',
  },
}

export const seedProcessingSteps: Record<string, { name: Text; options: Text[] }> = {
  threadInserts: {
    name: { de: 'Gewindeeinsätze einsetzen', en: 'Install threaded inserts', fr: 'Pose d’inserts filetés' },
    options: ['M3', 'M4', 'M5', 'M6'].map((size) => ({
      de: `Gewindeeinsatz ${size}`,
      en: `Threaded insert ${size}`,
      fr: `Insert fileté ${size}`,
    })),
  },
  threadCutting: {
    name: { de: 'Gewinde schneiden', en: 'Cut threads', fr: 'Taraudage' },
    options: ['M3', 'M4', 'M5', 'M6', 'M8'].map((size) => ({
      de: `Innengewinde ${size}`,
      en: `Internal thread ${size}`,
      fr: `Taraudage ${size}`,
    })),
  },
  painting: {
    name: { de: 'Lackieren nach RAL', en: 'Paint to RAL colour', fr: 'Peinture selon RAL' },
    options: [
      { de: 'RAL 9005 Tiefschwarz', en: 'RAL 9005 jet black', fr: 'RAL 9005 noir foncé' },
      { de: 'RAL 9010 Reinweiß', en: 'RAL 9010 pure white', fr: 'RAL 9010 blanc pur' },
      { de: 'RAL 7035 Lichtgrau', en: 'RAL 7035 light grey', fr: 'RAL 7035 gris clair' },
      { de: 'RAL 3020 Verkehrsrot', en: 'RAL 3020 traffic red', fr: 'RAL 3020 rouge signalisation' },
      { de: 'RAL 5015 Himmelblau', en: 'RAL 5015 sky blue', fr: 'RAL 5015 bleu ciel' },
    ],
  },
  impregnation: {
    name: { de: 'Imprägnieren', en: 'Impregnation', fr: 'Imprégnation' },
    options: [
      { de: 'Wasserabweisend', en: 'Water-repellent', fr: 'Hydrofuge' },
      { de: 'Flüssigkeitsdicht', en: 'Liquid-tight', fr: 'Étanche aux liquides' },
    ],
  },
}

const standardFinish = (description: Text): SeedFinish => ({
  key: 'standard',
  name: { de: 'Standard', en: 'Standard', fr: 'Standard' },
  description,
})

export const seedPrintModes: SeedPrintMode[] = [
  {
    key: 'pla-fdm',
    material: 'pla',
    method: 'fdm',
    name: { de: 'PLA (FDM)', en: 'PLA (FDM)', fr: 'PLA (FDM)' },
    description: {
      de: 'Günstiges Allround-Material aus nachwachsenden Rohstoffen. Ideal für Prototypen, Anschauungsmodelle und Gehäuse ohne hohe Temperaturbelastung.',
      en: 'Affordable all-round material made from renewable resources. Ideal for prototypes, display models and housings without high thermal load.',
      fr: 'Matériau polyvalent et économique issu de ressources renouvelables. Idéal pour les prototypes, les maquettes et les boîtiers sans forte contrainte thermique.',
    },
    surfaceQuality: {
      de: 'Sichtbare Schichtlinien (0,2 mm), leicht glänzend',
      en: 'Visible layer lines (0.2 mm), slight gloss',
      fr: 'Lignes de couche visibles (0,2 mm), légèrement brillant',
    },
    applications: {
      de: 'Prototypen, Architekturmodelle, Halterungen, Lehrmittel',
      en: 'Prototypes, architectural models, brackets, teaching aids',
      fr: 'Prototypes, maquettes d’architecture, supports, matériel pédagogique',
    },
    maxDimensionsMm: { x: 300, y: 300, z: 300 },
    minFeatureSizeMm: 0.8,
    resolutionXYMm: 0.4,
    resolutionZMm: 0.2,
    ranking: {
      price: 8,
      flexibility: 2,
      stability: 4,
      precision: 4,
      wearResistance: 3,
      heatResistance: 1,
      maxNumberOfParts: 5,
      maxIncrementalMeasurement: 6,
    },
    finishes: [
      standardFinish({
        de: 'Stützstrukturen entfernt, Schichtlinien bleiben sichtbar.',
        en: 'Supports removed, layer lines remain visible.',
        fr: 'Supports retirés, les lignes de couche restent visibles.',
      }),
      {
        key: 'sanded',
        sheetVariable: 1.2,
        name: { de: 'Geschliffen', en: 'Sanded', fr: 'Poncé' },
        description: {
          de: 'Von Hand geschliffen für eine gleichmäßige, matte Oberfläche.',
          en: 'Hand-sanded for an even, matte surface.',
          fr: 'Poncé à la main pour une surface mate et homogène.',
        },
      },
    ],
    colors: [
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#1a1a1a',
        finishes: ['standard', 'sanded'],
      },
      {
        key: 'white',
        name: { de: 'Weiß', en: 'White', fr: 'Blanc' },
        hex: '#f4f4ef',
        finishes: ['standard', 'sanded'],
      },
      {
        key: 'grey',
        name: { de: 'Grau', en: 'Grey', fr: 'Gris' },
        hex: '#8a8d8f',
        finishes: ['standard', 'sanded'],
      },
      { key: 'red', name: { de: 'Rot', en: 'Red', fr: 'Rouge' }, hex: '#c62828', finishes: ['standard'] },
      { key: 'blue', name: { de: 'Blau', en: 'Blue', fr: 'Bleu' }, hex: '#1e4fa3', finishes: ['standard'] },
      { key: 'green', name: { de: 'Grün', en: 'Green', fr: 'Vert' }, hex: '#2e7d32', finishes: ['standard'] },
      {
        key: 'yellow',
        name: { de: 'Gelb', en: 'Yellow', fr: 'Jaune' },
        hex: '#f9c80e',
        finishes: ['standard'],
      },
      {
        key: 'orange',
        name: { de: 'Orange', en: 'Orange', fr: 'Orange' },
        hex: '#ef6c00',
        finishes: ['standard'],
      },
    ],
    processingSteps: ['threadInserts', 'painting'],
  },
  {
    key: 'tpu-fdm',
    material: 'tpu',
    method: 'fdm',
    name: { de: 'TPU flexibel (FDM)', en: 'Flexible TPU (FDM)', fr: 'TPU flexible (FDM)' },
    description: {
      de: 'Gummiartig-elastischer Kunststoff mit Shore-Härte 95A. Abriebfest und stoßdämpfend, für Dichtungen, Puffer und Griffe.',
      en: 'Rubber-like elastic plastic with a Shore hardness of 95A. Abrasion-resistant and shock-absorbing, for seals, bumpers and grips.',
      fr: 'Plastique élastique semblable au caoutchouc, dureté Shore 95A. Résistant à l’abrasion et amortissant, pour joints, butées et poignées.',
    },
    surfaceQuality: {
      de: 'Matt mit sichtbaren Schichtlinien',
      en: 'Matte with visible layer lines',
      fr: 'Mat avec lignes de couche visibles',
    },
    applications: {
      de: 'Dichtungen, Puffer, Schutzhüllen, Griffe, Scharniere',
      en: 'Seals, bumpers, protective covers, grips, living hinges',
      fr: 'Joints, butées, housses de protection, poignées, charnières',
    },
    maxDimensionsMm: { x: 250, y: 250, z: 250 },
    minFeatureSizeMm: 1,
    resolutionXYMm: 0.4,
    resolutionZMm: 0.2,
    ranking: {
      price: 6,
      flexibility: 8,
      stability: 3,
      precision: 3,
      wearResistance: 7,
      heatResistance: 2,
      maxNumberOfParts: 4,
      maxIncrementalMeasurement: 4,
    },
    finishes: [
      standardFinish({
        de: 'Stützstrukturen entfernt, Oberfläche unbehandelt.',
        en: 'Supports removed, surface untreated.',
        fr: 'Supports retirés, surface brute.',
      }),
    ],
    colors: [
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#202020',
        finishes: ['standard'],
      },
      {
        key: 'white',
        name: { de: 'Weiß', en: 'White', fr: 'Blanc' },
        hex: '#f2f2f2',
        finishes: ['standard'],
      },
      { key: 'red', name: { de: 'Rot', en: 'Red', fr: 'Rouge' }, hex: '#b3261e', finishes: ['standard'] },
      {
        key: 'translucent',
        sheetVariable: 1.1,
        name: { de: 'Transluzent', en: 'Translucent', fr: 'Translucide' },
        hex: '#dce6e8',
        finishes: ['standard'],
      },
    ],
    processingSteps: [],
  },
  {
    key: 'pa12-sls',
    material: 'pa12',
    method: 'sls',
    name: { de: 'PA12 (SLS)', en: 'PA12 (SLS)', fr: 'PA12 (SLS)' },
    description: {
      de: 'Robuster technischer Kunststoff, gesintert ohne Stützstrukturen. Für belastbare Funktionsteile und Kleinserien mit komplexer Geometrie.',
      en: 'Tough engineering plastic, sintered without support structures. For durable functional parts and small series with complex geometry.',
      fr: 'Plastique technique robuste, fritté sans supports. Pour des pièces fonctionnelles résistantes et des petites séries aux géométries complexes.',
    },
    surfaceQuality: {
      de: 'Leicht körnig und matt, wie feines Schleifpapier',
      en: 'Slightly grainy and matte, like fine sandpaper',
      fr: 'Légèrement granuleux et mat, comme un papier de verre fin',
    },
    applications: {
      de: 'Funktionsprototypen, Kleinserien, Gehäuse, Schnapphaken, Vorrichtungen',
      en: 'Functional prototypes, small series, housings, snap fits, jigs and fixtures',
      fr: 'Prototypes fonctionnels, petites séries, boîtiers, clips, gabarits',
    },
    maxDimensionsMm: { x: 340, y: 340, z: 600 },
    minFeatureSizeMm: 0.7,
    resolutionXYMm: 0.1,
    resolutionZMm: 0.1,
    ranking: {
      price: 5,
      flexibility: 5,
      stability: 7,
      precision: 6,
      wearResistance: 6,
      heatResistance: 5,
      maxNumberOfParts: 8,
      maxIncrementalMeasurement: 7,
    },
    finishes: [
      {
        key: 'raw',
        name: { de: 'Naturbelassen', en: 'Raw', fr: 'Brut' },
        description: {
          de: 'Entpulvert und gestrahlt, naturweiße Oberfläche.',
          en: 'Depowdered and bead-blasted, natural white surface.',
          fr: 'Dépoudré et microbillé, surface blanc naturel.',
        },
      },
      {
        key: 'dyed',
        sheetVariable: 1.15,
        name: { de: 'Eingefärbt', en: 'Dyed', fr: 'Teinté' },
        description: {
          de: 'Im Tauchbad durchgefärbt; Kratzer bleiben farbig.',
          en: 'Dyed through in an immersion bath; scratches keep the colour.',
          fr: 'Teinté dans la masse par immersion ; les rayures gardent la couleur.',
        },
      },
      {
        key: 'smoothed',
        sheetVariable: 1.35,
        name: { de: 'Gleitgeschliffen', en: 'Vibratory smoothed', fr: 'Tribofinition' },
        description: {
          de: 'Im Vibrationsschleifer geglättet für eine seidenmatte, angenehme Haptik.',
          en: 'Smoothed in a vibratory finisher for a satin, pleasant feel.',
          fr: 'Lissé par tribofinition pour un toucher satiné et agréable.',
        },
      },
    ],
    colors: [
      {
        key: 'white',
        name: { de: 'Naturweiß', en: 'Natural white', fr: 'Blanc naturel' },
        hex: '#f2f0e6',
        finishes: ['raw', 'smoothed'],
      },
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#222222',
        finishes: ['dyed', 'smoothed'],
      },
      { key: 'blue', name: { de: 'Blau', en: 'Blue', fr: 'Bleu' }, hex: '#1f3f8f', finishes: ['dyed'] },
      { key: 'red', name: { de: 'Rot', en: 'Red', fr: 'Rouge' }, hex: '#b71c1c', finishes: ['dyed'] },
      { key: 'green', name: { de: 'Grün', en: 'Green', fr: 'Vert' }, hex: '#1b5e20', finishes: ['dyed'] },
      {
        key: 'grey',
        name: { de: 'Anthrazit', en: 'Anthracite', fr: 'Anthracite' },
        hex: '#3c4043',
        finishes: ['dyed'],
      },
    ],
    processingSteps: ['threadInserts', 'painting', 'impregnation'],
  },
  {
    key: 'pa12-mjf',
    material: 'pa12',
    method: 'mjf',
    name: { de: 'PA12 (MJF)', en: 'PA12 (MJF)', fr: 'PA12 (MJF)' },
    description: {
      de: 'Polyamid 12 im Multi-Jet-Fusion-Verfahren: dichte, maßhaltige Bauteile mit feinen Details, wirtschaftlich ab mittleren Stückzahlen.',
      en: 'Polyamide 12 made by Multi Jet Fusion: dense, dimensionally accurate parts with fine detail, economical from medium quantities.',
      fr: 'Polyamide 12 en Multi Jet Fusion : pièces denses et précises aux détails fins, rentables dès les moyennes séries.',
    },
    surfaceQuality: {
      de: 'Glatt-matt, grau gefärbt durch das Verfahren',
      en: 'Smooth matte, grey from the process',
      fr: 'Mat lisse, gris dû au procédé',
    },
    applications: {
      de: 'Serienbauteile, Gehäuse, Clips, Kabelführungen, Ersatzteile',
      en: 'Production parts, housings, clips, cable guides, spare parts',
      fr: 'Pièces de série, boîtiers, clips, guide-câbles, pièces de rechange',
    },
    maxDimensionsMm: { x: 380, y: 284, z: 380 },
    minFeatureSizeMm: 0.5,
    resolutionXYMm: 0.08,
    resolutionZMm: 0.08,
    ranking: {
      price: 6,
      flexibility: 4,
      stability: 7,
      precision: 7,
      wearResistance: 6,
      heatResistance: 5,
      maxNumberOfParts: 8,
      maxIncrementalMeasurement: 6,
    },
    finishes: [
      standardFinish({
        de: 'Gestrahlt, prozessbedingtes Grau.',
        en: 'Bead-blasted, process grey.',
        fr: 'Microbillé, gris du procédé.',
      }),
      {
        key: 'dyed',
        sheetVariable: 1.15,
        name: { de: 'Schwarz gefärbt', en: 'Dyed black', fr: 'Teinté noir' },
        description: {
          de: 'Tiefschwarz durchgefärbt für Sichtbauteile.',
          en: 'Dyed deep black for visible parts.',
          fr: 'Teinté noir profond pour les pièces visibles.',
        },
      },
      {
        key: 'vapor',
        sheetVariable: 1.3,
        name: { de: 'Chemisch geglättet', en: 'Vapour smoothed', fr: 'Lissage chimique' },
        description: {
          de: 'Dampfgeglättet: nahezu glänzend, leicht zu reinigen und dichter.',
          en: 'Vapour smoothed: near-glossy, easy to clean and more tightly sealed.',
          fr: 'Lissé à la vapeur : presque brillant, facile à nettoyer et plus étanche.',
        },
      },
    ],
    colors: [
      { key: 'grey', name: { de: 'Grau', en: 'Grey', fr: 'Gris' }, hex: '#6e6e6e', finishes: ['standard'] },
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#141414',
        finishes: ['dyed', 'vapor'],
      },
    ],
    processingSteps: ['threadInserts', 'impregnation'],
  },
  {
    key: 'resin-sla',
    material: 'resin',
    method: 'sla',
    name: { de: 'Standard-Harz (SLA)', en: 'Standard resin (SLA)', fr: 'Résine standard (SLA)' },
    description: {
      de: 'Lichthärtendes Harz mit sehr feinen Details und glatter Oberfläche. Für Designmodelle, Miniaturen und Urmodelle für den Abguss.',
      en: 'Light-cured resin with very fine detail and a smooth surface. For design models, miniatures and masters for casting.',
      fr: 'Résine photopolymérisée aux détails très fins et à la surface lisse. Pour maquettes de design, figurines et modèles maîtres pour le moulage.',
    },
    surfaceQuality: {
      de: 'Sehr glatt, Schichten kaum sichtbar; Stützpunkte leicht erkennbar',
      en: 'Very smooth, layers barely visible; support marks slightly visible',
      fr: 'Très lisse, couches à peine visibles ; points de support légèrement visibles',
    },
    applications: {
      de: 'Designmodelle, Miniaturen, Dentalmodelle, Urmodelle',
      en: 'Design models, miniatures, dental models, casting masters',
      fr: 'Maquettes de design, figurines, modèles dentaires, modèles maîtres',
    },
    maxDimensionsMm: { x: 145, y: 145, z: 185 },
    minFeatureSizeMm: 0.3,
    resolutionXYMm: 0.05,
    resolutionZMm: 0.05,
    ranking: {
      price: 4,
      flexibility: 2,
      stability: 4,
      precision: 8,
      wearResistance: 3,
      heatResistance: 3,
      maxNumberOfParts: 3,
      maxIncrementalMeasurement: 3,
    },
    finishes: [
      standardFinish({
        de: 'Stützstrukturen entfernt und nachgehärtet.',
        en: 'Supports removed and post-cured.',
        fr: 'Supports retirés et post-polymérisé.',
      }),
      {
        key: 'lacquered',
        sheetVariable: 1.25,
        name: { de: 'Geschliffen und lackiert', en: 'Sanded and lacquered', fr: 'Poncé et verni' },
        description: {
          de: 'Stützpunkte verschliffen, mit Klarlack hochglänzend versiegelt.',
          en: 'Support marks sanded away, sealed high-gloss with clear lacquer.',
          fr: 'Points de support poncés, scellé brillant au vernis incolore.',
        },
      },
    ],
    colors: [
      {
        key: 'grey',
        name: { de: 'Grau', en: 'Grey', fr: 'Gris' },
        hex: '#9e9e9e',
        finishes: ['standard', 'lacquered'],
      },
      {
        key: 'white',
        name: { de: 'Weiß', en: 'White', fr: 'Blanc' },
        hex: '#fafafa',
        finishes: ['standard', 'lacquered'],
      },
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#212121',
        finishes: ['standard', 'lacquered'],
      },
      {
        key: 'clear',
        sheetVariable: 1.1,
        name: { de: 'Klar', en: 'Clear', fr: 'Transparent' },
        hex: '#dfe9ee',
        finishes: ['lacquered'],
      },
    ],
    processingSteps: ['painting'],
  },
  {
    key: 'tough-resin-dlp',
    material: 'toughResin',
    method: 'dlp',
    name: { de: 'Zähes Harz (DLP)', en: 'Tough resin (DLP)', fr: 'Résine tenace (DLP)' },
    description: {
      de: 'Schlagzähes, ABS-ähnliches Harz, belichtet Schicht für Schicht mit einem Projektor. Für präzise Funktionsteile mit Klick- und Schraubverbindungen.',
      en: 'Impact-resistant, ABS-like resin cured layer by layer with a projector. For precise functional parts with snap and screw connections.',
      fr: 'Résine résistante aux chocs, de type ABS, polymérisée couche par couche par un projecteur. Pour des pièces fonctionnelles précises avec clips et vissages.',
    },
    surfaceQuality: {
      de: 'Glatt und seidenmatt',
      en: 'Smooth, satin finish',
      fr: 'Lisse et satiné',
    },
    applications: {
      de: 'Gehäuse, Steckverbindungen, Montagehilfen, Kleinteile',
      en: 'Enclosures, snap connections, assembly aids, small parts',
      fr: 'Boîtiers, assemblages clipsés, aides au montage, petites pièces',
    },
    maxDimensionsMm: { x: 192, y: 120, z: 230 },
    minFeatureSizeMm: 0.4,
    resolutionXYMm: 0.075,
    resolutionZMm: 0.05,
    ranking: {
      price: 4,
      flexibility: 4,
      stability: 6,
      precision: 7,
      wearResistance: 5,
      heatResistance: 4,
      maxNumberOfParts: 4,
      maxIncrementalMeasurement: 3,
    },
    finishes: [
      standardFinish({
        de: 'Stützstrukturen entfernt, gewaschen und nachgehärtet.',
        en: 'Supports removed, washed and post-cured.',
        fr: 'Supports retirés, lavé et post-polymérisé.',
      }),
    ],
    colors: [
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#1c1c1c',
        finishes: ['standard'],
      },
      { key: 'grey', name: { de: 'Grau', en: 'Grey', fr: 'Gris' }, hex: '#7d7f82', finishes: ['standard'] },
    ],
    processingSteps: ['threadInserts'],
  },
  {
    key: 'vero-polyjet',
    material: 'vero',
    method: 'polyjet',
    name: {
      de: 'Vero Multicolor (PolyJet)',
      en: 'Vero multicolour (PolyJet)',
      fr: 'Vero multicolore (PolyJet)',
    },
    description: {
      de: 'Photopolymer aus dem PolyJet-Drucker mit feinsten Schichten und kräftigen Farben. Für realistische Anschauungs- und Präsentationsmodelle.',
      en: 'Photopolymer from a PolyJet printer with ultra-fine layers and vivid colours. For realistic presentation and display models.',
      fr: 'Photopolymère imprimé en PolyJet, couches ultra-fines et couleurs éclatantes. Pour des maquettes de présentation réalistes.',
    },
    surfaceQuality: {
      de: 'Sehr glatt, matt oder glänzend',
      en: 'Very smooth, matte or glossy',
      fr: 'Très lisse, mat ou brillant',
    },
    applications: {
      de: 'Präsentationsmodelle, Verpackungsmuster, medizinische Anschauungsmodelle',
      en: 'Presentation models, packaging samples, medical display models',
      fr: 'Maquettes de présentation, échantillons d’emballage, modèles médicaux',
    },
    maxDimensionsMm: { x: 490, y: 390, z: 200 },
    minFeatureSizeMm: 0.3,
    resolutionXYMm: 0.042,
    resolutionZMm: 0.014,
    ranking: {
      price: 2,
      flexibility: 3,
      stability: 3,
      precision: 8,
      wearResistance: 2,
      heatResistance: 2,
      maxNumberOfParts: 4,
      maxIncrementalMeasurement: 5,
    },
    finishes: [
      {
        key: 'matte',
        name: { de: 'Matt', en: 'Matte', fr: 'Mat' },
        description: {
          de: 'Gleichmäßig matte Oberfläche, Stützmaterial ausgewaschen.',
          en: 'Even matte surface, support material washed out.',
          fr: 'Surface mate homogène, matériau de support éliminé.',
        },
      },
      {
        key: 'glossy',
        sheetVariable: 1.1,
        name: { de: 'Glänzend', en: 'Glossy', fr: 'Brillant' },
        description: {
          de: 'Glänzende Oberseiten; Flächen mit Stützmaterial bleiben matt.',
          en: 'Glossy top surfaces; faces printed on support stay matte.',
          fr: 'Faces supérieures brillantes ; les faces sur support restent mates.',
        },
      },
    ],
    colors: [
      {
        key: 'white',
        name: { de: 'Weiß', en: 'White', fr: 'Blanc' },
        hex: '#f7f7f7',
        finishes: ['matte', 'glossy'],
      },
      {
        key: 'black',
        name: { de: 'Schwarz', en: 'Black', fr: 'Noir' },
        hex: '#101010',
        finishes: ['matte', 'glossy'],
      },
      {
        key: 'cyan',
        name: { de: 'Cyan', en: 'Cyan', fr: 'Cyan' },
        hex: '#00a3d9',
        finishes: ['matte', 'glossy'],
      },
      {
        key: 'magenta',
        name: { de: 'Magenta', en: 'Magenta', fr: 'Magenta' },
        hex: '#d6007e',
        finishes: ['matte', 'glossy'],
      },
      {
        key: 'yellow',
        name: { de: 'Gelb', en: 'Yellow', fr: 'Jaune' },
        hex: '#ffd500',
        finishes: ['matte', 'glossy'],
      },
      {
        key: 'clear',
        sheetVariable: 1.1,
        name: { de: 'Klar', en: 'Clear', fr: 'Transparent' },
        hex: '#e3f2fd',
        finishes: ['glossy'],
      },
    ],
    processingSteps: [],
  },
  {
    key: 'steel-slm',
    material: 'steel316l',
    method: 'slm',
    name: { de: 'Edelstahl 316L (SLM)', en: 'Stainless steel 316L (SLM)', fr: 'Acier inoxydable 316L (SLM)' },
    description: {
      de: 'Korrosionsbeständiger Edelstahl, Schicht für Schicht mit dem Laser aufgeschmolzen. Für hoch belastete, temperaturfeste Metallteile.',
      en: 'Corrosion-resistant stainless steel, melted layer by layer with a laser. For highly loaded, heat-resistant metal parts.',
      fr: 'Acier inoxydable résistant à la corrosion, fondu couche par couche au laser. Pour des pièces métalliques très sollicitées et résistantes à la chaleur.',
    },
    surfaceQuality: {
      de: 'Rau (Ra ≈ 6–10 µm) ab Drucker, glatt nach Nachbearbeitung',
      en: 'Rough as printed (Ra ≈ 6–10 µm), smooth after finishing',
      fr: 'Rugueux brut d’impression (Ra ≈ 6–10 µm), lisse après finition',
    },
    applications: {
      de: 'Werkzeugeinsätze, Halterungen, Ersatzteile, Lebensmittel- und Medizintechnik',
      en: 'Tool inserts, brackets, spare parts, food and medical technology',
      fr: 'Inserts d’outillage, supports, pièces de rechange, agroalimentaire et médical',
    },
    maxDimensionsMm: { x: 250, y: 250, z: 300 },
    minFeatureSizeMm: 0.5,
    resolutionXYMm: 0.1,
    resolutionZMm: 0.04,
    ranking: {
      price: 0,
      flexibility: 1,
      stability: 8,
      precision: 6,
      wearResistance: 8,
      heatResistance: 8,
      maxNumberOfParts: 2,
      maxIncrementalMeasurement: 4,
    },
    finishes: [
      {
        key: 'blasted',
        name: { de: 'Gestrahlt', en: 'Bead-blasted', fr: 'Microbillé' },
        description: {
          de: 'Von der Bauplatte getrennt, Stützen entfernt, gleichmäßig gestrahlt.',
          en: 'Cut from the build plate, supports removed, evenly bead-blasted.',
          fr: 'Détaché du plateau, supports retirés, microbillé uniformément.',
        },
      },
      {
        key: 'polished',
        sheetVariable: 1.5,
        name: { de: 'Poliert', en: 'Polished', fr: 'Poli' },
        description: {
          de: 'Zugängliche Flächen von Hand auf Hochglanz poliert.',
          en: 'Accessible surfaces hand-polished to a mirror finish.',
          fr: 'Surfaces accessibles polies à la main jusqu’au poli miroir.',
        },
      },
    ],
    colors: [
      {
        key: 'metal',
        name: { de: 'Metallisch', en: 'Metallic', fr: 'Métallique' },
        hex: '#a8a9ad',
        finishes: ['blasted', 'polished'],
      },
    ],
    processingSteps: ['threadCutting'],
  },
]
