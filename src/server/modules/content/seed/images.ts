import { l, type SeedImage } from './seed-page.ts'

/** The illustrations in ../media, with their alternative texts. */

const picture = (file: string, alt: SeedImage['alt'], width = 400, height = 300): SeedImage => ({
  file,
  alt,
  width,
  height,
})

export const heroPrinter = picture(
  'hero-printer.svg',
  l(
    'Ein 3D-Drucker baut ein Bauteil Schicht für Schicht auf',
    'A 3D printer building a part layer by layer',
    'Une imprimante 3D construit une pièce couche par couche',
  ),
  800,
  600,
)
export const layers = picture(
  'layers.svg',
  l(
    'Schmelzschichtung: eine Düse legt Strang für Strang ab',
    'Fused filament fabrication: a nozzle lays down strand after strand',
    'Dépôt de fil fondu : une buse dépose un cordon après l’autre',
  ),
)
export const powderBed = picture(
  'powder-bed.svg',
  l(
    'Selektives Lasersintern: ein Laser verschmilzt Kunststoffpulver',
    'Selective laser sintering: a laser fuses plastic powder',
    'Frittage laser sélectif : un laser fusionne de la poudre plastique',
  ),
)
export const resinVat = picture(
  'resin-vat.svg',
  l(
    'Stereolithografie: flüssiges Harz härtet unter UV-Licht aus',
    'Stereolithography: liquid resin cures under UV light',
    'Stéréolithographie : la résine liquide durcit sous lumière UV',
  ),
)
export const multiJet = picture(
  'multi-jet.svg',
  l(
    'Multi Jet Fusion: Druckköpfe tragen Schmelzmittel auf das Pulverbett auf',
    'Multi Jet Fusion: print heads apply fusing agent to the powder bed',
    'Multi Jet Fusion : des têtes d’impression déposent un agent de fusion sur la poudre',
  ),
)
export const wallThickness = picture(
  'wall-thickness.svg',
  l(
    'Schnitt durch ein Gehäuse mit bemaßter Wandstärke',
    'Section through a housing with the wall thickness dimensioned',
    'Coupe d’un boîtier avec l’épaisseur de paroi cotée',
  ),
)
export const tolerances = picture(
  'tolerances.svg',
  l(
    'Passung: ein Zapfen mit Spiel in einer Bohrung',
    'Fit: a pin with clearance in a hole',
    'Ajustement : un axe avec du jeu dans un alésage',
  ),
)
export const overhang = picture(
  'overhang.svg',
  l(
    'Überhänge: bis etwa 45 Grad ohne Stützstruktur, flachere mit Stützen',
    'Overhangs: up to about 45 degrees without supports, flatter ones with supports',
    'Porte-à-faux : jusqu’à environ 45 degrés sans support, au-delà avec supports',
  ),
)
export const consulting = picture(
  'consulting.svg',
  l(
    'Beratungsgespräch mit Werkstoffmustern',
    'A consultation with material samples',
    'Un entretien de conseil avec des échantillons de matériaux',
  ),
)
export const construction = picture(
  'construction.svg',
  l(
    'Ein Bauteil als Drahtgittermodell im CAD',
    'A part as a wireframe model in CAD',
    'Une pièce en modèle filaire dans la CAO',
  ),
)
export const production = picture(
  'production.svg',
  l(
    'Fertige Bauteile auf einer Bauplattform',
    'Finished parts on a build plate',
    'Pièces terminées sur un plateau de fabrication',
  ),
)
export const team = picture(
  'team.svg',
  l('Unser Team in der Werkstatt', 'Our team in the workshop', 'Notre équipe dans l’atelier'),
)
export const growth = picture(
  'growth.svg',
  l(
    'Ein Trieb wächst aus gedruckten Schichten',
    'A shoot growing out of printed layers',
    'Une pousse qui sort de couches imprimées',
  ),
)
export const bracket = picture(
  'portfolio-bracket.svg',
  l('Montagewinkel aus PA12', 'Mounting bracket in PA12', 'Équerre de montage en PA12'),
)
export const housing = picture(
  'portfolio-housing.svg',
  l(
    'Elektronikgehäuse mit Schnappverbindungen',
    'Electronics housing with snap fits',
    'Boîtier électronique avec clips',
  ),
)
export const gear = picture(
  'portfolio-gear.svg',
  l('Zahnrad aus gesintertem Polyamid', 'Gear in sintered polyamide', 'Engrenage en polyamide fritté'),
)
export const documents = picture(
  'documents.svg',
  l('Unterlagen zum Herunterladen', 'Documents to download', 'Documents à télécharger'),
)
export const worldShipping = picture(
  'world-shipping.svg',
  l('Versand in alle Welt', 'Shipping worldwide', 'Expédition dans le monde entier'),
)
export const designRulesOverview = picture(
  'design-rules-overview.svg',
  l(
    'Tabelle der Konstruktionsrichtlinien je Verfahren',
    'Table of the design rules per process',
    'Tableau des règles de conception par procédé',
  ),
  842,
  595,
)
