import { worldShipping } from '../images.ts'
import { l, type SeedPage } from '../seed-page.ts'

/** The foreign trade terms (part 2 §2 footer navigation): sample terms for deliveries abroad. */
export const foreignTradePage: SeedPage = {
  slug: 'aussenhandel',
  title: l('Außenwirtschaftsbedingungen', 'Foreign trade terms', 'Conditions du commerce extérieur'),
  subtitle: l('Lieferungen ins Ausland', 'Deliveries abroad', 'Livraisons à l’étranger'),
  description: l(
    'Zoll, Umsatzsteuer und Exportkontrolle bei Lieferungen außerhalb Deutschlands.',
    'Customs, VAT and export control for deliveries outside Germany.',
    'Douane, TVA et contrôle des exportations pour les livraisons hors d’Allemagne.',
  ),
  elements: [
    {
      id: 'aussenhandel',
      type: 'heading',
      headerLayout: 1,
      header: l('Außenwirtschaftsbedingungen', 'Foreign trade terms', 'Conditions du commerce extérieur'),
      subheader: l(
        'Musterbedingungen für Lieferungen ins Ausland',
        'Sample terms for deliveries abroad',
        'Conditions d’exemple pour les livraisons à l’étranger',
      ),
    },
    {
      id: 'lieferungen-eu',
      type: 'textpic',
      header: l('Lieferungen in die EU', 'Deliveries within the EU', 'Livraisons dans l’UE'),
      headerLayout: 2,
      bodytext: l(
        '<p>Verbraucherinnen und Verbraucher zahlen die Umsatzsteuer ihres Lieferlandes; der Satz erscheint an der Kasse. Unternehmen mit gültiger Umsatzsteuer-Identifikationsnummer aus einem anderen EU-Land beliefern wir steuerfrei als innergemeinschaftliche Lieferung – die Steuerschuld geht auf Sie über. Geben Sie die USt-IdNr. dafür in Ihrem Kundenkonto an; wir prüfen sie vor der Rechnungsstellung.</p>',
        '<p>Consumers pay the VAT of their country of delivery; the rate appears at checkout. Businesses with a valid VAT identification number from another EU country are supplied VAT-free as an intra-community supply – the tax liability passes to you. Enter your VAT ID in your customer account; we verify it before invoicing.</p>',
        '<p>Les consommateurs paient la TVA de leur pays de livraison ; le taux apparaît lors du paiement. Les entreprises disposant d’un numéro de TVA valide d’un autre pays de l’UE sont livrées en exonération, en livraison intracommunautaire – l’autoliquidation vous incombe. Indiquez votre numéro de TVA dans votre compte client ; nous le vérifions avant facturation.</p>',
      ),
      gallery: { position: 'right', images: [worldShipping] },
    },
    {
      id: 'drittlaender',
      type: 'text',
      header: l('Lieferungen in Drittländer', 'Deliveries outside the EU', 'Livraisons hors UE'),
      headerLayout: 2,
      bodytext: l(
        '<p>Lieferungen außerhalb der EU erfolgen umsatzsteuerfrei, geliefert benannter Ort (DAP, Incoterms® 2020). Einfuhrabgaben, Zölle und Einfuhrumsatzsteuer des Ziellandes tragen Sie. Bitte prüfen Sie vorab, ob Ihr Land für Kunststoffteile Einfuhrbeschränkungen kennt.</p>',
        '<p>Deliveries outside the EU are VAT-free, delivered at place (DAP, Incoterms® 2020). Import duties, customs and import VAT of the destination country are borne by you. Please check beforehand whether your country restricts imports of plastic parts.</p>',
        '<p>Les livraisons hors UE sont exonérées de TVA, rendu au lieu de destination (DAP, Incoterms® 2020). Les droits d’importation, la douane et la TVA à l’importation du pays de destination sont à votre charge. Vérifiez au préalable si votre pays restreint l’importation de pièces en plastique.</p>',
      ),
    },
    {
      id: 'exportkontrolle',
      type: 'text',
      header: l('Exportkontrolle', 'Export control', 'Contrôle des exportations'),
      headerLayout: 2,
      bodytext: l(
        '<p>Wir liefern nicht, wenn der Auslieferung nationale oder internationale Vorschriften des Außenwirtschaftsrechts, Embargos oder Sanktionen entgegenstehen. Teile, die als Güter mit doppeltem Verwendungszweck gelten können, fertigen wir nur nach Klärung der Genehmigungspflicht; Sie geben uns dafür die nötigen Angaben zum Verwendungszweck.</p>',
        '<p>We do not deliver if national or international foreign trade regulations, embargoes or sanctions prevent it. Parts that may count as dual-use goods are only manufactured once the licensing requirement has been clarified; you give us the necessary information about the intended use.</p>',
        '<p>Nous ne livrons pas si des règles nationales ou internationales du commerce extérieur, des embargos ou des sanctions s’y opposent. Les pièces susceptibles d’être des biens à double usage ne sont fabriquées qu’après clarification de l’obligation de licence ; vous nous fournissez les informations nécessaires sur l’usage prévu.</p>',
      ),
    },
    {
      id: 'hinweis',
      type: 'text',
      bodytext: l(
        '<p>Ergänzend gelten unsere <a href="/agb-onlineportal">Allgemeinen Geschäftsbedingungen</a>.</p>',
        '<p>Our <a href="/en/agb-onlineportal">general terms and conditions</a> apply in addition.</p>',
        '<p>Nos <a href="/fr/agb-onlineportal">conditions générales de vente</a> s’appliquent en complément.</p>',
      ),
    },
  ],
}
