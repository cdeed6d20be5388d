import { l, type SeedElement, type SeedPage, type Localized } from '../seed-page.ts'

const section = (id: string, header: Localized, bodytext: Localized): SeedElement => ({
  id,
  type: 'text',
  header,
  headerLayout: 2,
  bodytext,
})

/** The privacy statement (part 1 §2 `/datenschutz`): a plausible sample for a German shop, marked as such. */
export const privacyPage: SeedPage = {
  slug: 'datenschutz',
  title: l('Datenschutzerklärung', 'Privacy statement', 'Déclaration de confidentialité'),
  subtitle: l(
    'Wie wir mit Ihren Daten umgehen',
    'How we handle your data',
    'Comment nous traitons vos données',
  ),
  description: l(
    'Welche personenbezogenen Daten der Shop verarbeitet, wozu, wie lange, und welche Rechte Sie haben.',
    'Which personal data the shop processes, why, for how long, and which rights you have.',
    'Quelles données personnelles la boutique traite, pourquoi, combien de temps, et quels sont vos droits.',
  ),
  elements: [
    {
      id: 'datenschutz',
      type: 'heading',
      headerLayout: 1,
      header: l('Datenschutzerklärung', 'Privacy statement', 'Déclaration de confidentialité'),
      subheader: l(
        'Wie wir mit Ihren Daten umgehen',
        'How we handle your data',
        'Comment nous traitons vos données',
      ),
    },
    {
      id: 'mustertext',
      type: 'text',
      bodytext: l(
        '<blockquote><strong>Mustertext.</strong> Diese Datenschutzerklärung ist ein Beispiel für ein Open-Source-Projekt und keine Rechtsberatung. Lassen Sie sie vor dem Einsatz an Ihren Shop anpassen und prüfen.</blockquote>',
        '<blockquote><strong>Sample text.</strong> This privacy statement is an example for an open-source project and not legal advice. Have it adapted to your shop and reviewed before use.</blockquote>',
        '<blockquote><strong>Texte d’exemple.</strong> Cette déclaration de confidentialité est un exemple pour un projet open source et ne constitue pas un conseil juridique. Faites-la adapter à votre boutique et vérifier avant usage.</blockquote>',
      ),
    },
    section(
      'verantwortlicher',
      l('1. Verantwortlicher', '1. Controller', '1. Responsable du traitement'),
      l(
        '<p>Verantwortlich für die Datenverarbeitung ist die Schichtwerk GmbH (Beispiel), Musterstraße 12, 12345 Musterstadt, E-Mail: <a href="mailto:datenschutz@schichtwerk.example">datenschutz@schichtwerk.example</a>. Die vollständigen Angaben finden Sie im <a href="/impressum">Impressum</a>.</p>',
        '<p>The controller is Schichtwerk GmbH (Beispiel), Musterstraße 12, 12345 Musterstadt, Germany, e-mail: <a href="mailto:datenschutz@schichtwerk.example">datenschutz@schichtwerk.example</a>. Full details are in the <a href="/en/impressum">imprint</a>.</p>',
        '<p>Le responsable du traitement est Schichtwerk GmbH (Beispiel), Musterstraße 12, 12345 Musterstadt, Allemagne, e-mail : <a href="mailto:datenschutz@schichtwerk.example">datenschutz@schichtwerk.example</a>. Toutes les informations figurent dans les <a href="/fr/impressum">mentions légales</a>.</p>',
      ),
    ),
    section(
      'besuch',
      l('2. Beim Besuch des Shops', '2. When you visit the shop', '2. Lors de votre visite'),
      l(
        '<p>Beim Aufruf jeder Seite verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Zeitpunkt, aufgerufene Adresse, Browser und Betriebssystem. Wir brauchen sie, um den Shop auszuliefern und Angriffe abzuwehren (Art. 6 Abs. 1 lit. f DSGVO). Server-Protokolle löschen wir nach spätestens 14 Tagen.</p>',
        '<p>When you open any page, our server processes technically necessary data: IP address, time, requested address, browser and operating system. We need them to deliver the shop and to fend off attacks (Art. 6(1)(f) GDPR). Server logs are deleted after 14 days at the latest.</p>',
        '<p>À chaque page consultée, notre serveur traite des données techniquement nécessaires : adresse IP, heure, adresse demandée, navigateur et système d’exploitation. Elles servent à fournir la boutique et à repousser les attaques (art. 6, par. 1, point f du RGPD). Les journaux du serveur sont supprimés au plus tard après 14 jours.</p>',
      ),
    ),
    section(
      'cookies',
      l('3. Cookies und lokale Speicherung', '3. Cookies and local storage', '3. Cookies et stockage local'),
      l(
        '<p>Notwendig und immer aktiv sind: Ihre Sitzung nach dem Anmelden, Ihr Warenkorb, Ihre Einstellungen (Privat- oder Geschäftskunde) und Ihre Cookie-Auswahl. Statistik- und Marketing-Cookies setzen wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Ihre Auswahl können Sie jederzeit über „Cookie-Einstellungen“ in der Fußzeile ändern oder widerrufen.</p>',
        '<p>Necessary and always on are: your session after login, your cart, your settings (private or business customer) and your cookie choice. We only set statistics and marketing cookies with your consent (Art. 6(1)(a) GDPR, § 25(1) TDDDG). You can change or withdraw your choice at any time via “cookie settings” in the footer.</p>',
        '<p>Sont nécessaires et toujours actifs : votre session après connexion, votre panier, vos préférences (client particulier ou professionnel) et votre choix de cookies. Nous ne déposons des cookies de statistiques et de marketing qu’avec votre consentement (art. 6, par. 1, point a du RGPD, § 25, al. 1 TDDDG). Vous pouvez modifier ou retirer votre choix à tout moment via « paramètres des cookies » en pied de page.</p>',
      ),
    ),
    section(
      'bestellung',
      l(
        '4. 3D-Dateien, Konto und Bestellung',
        '4. 3D files, account and orders',
        '4. Fichiers 3D, compte et commandes',
      ),
      l(
        '<p>Hochgeladene 3D-Dateien speichern und analysieren wir, um Preis und Druckbarkeit zu berechnen und Ihr Bauteil zu fertigen. Dateien ohne Bestellung löschen wir nach 30 Tagen. Für Konto und Bestellung verarbeiten wir Name, Anschrift, E-Mail-Adresse, Telefonnummer und Bestelldaten zur Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO). Rechnungen bewahren wir aus steuer- und handelsrechtlichen Gründen zehn Jahre auf (§ 147 AO, § 257 HGB).</p><p>Zur Zahlung geben wir die nötigen Daten an den gewählten Zahlungsdienst weiter (etwa PayPal), zum Versand Name und Anschrift an das Versandunternehmen.</p>',
        '<p>We store and analyse uploaded 3D files to calculate price and printability and to manufacture your part. Files without an order are deleted after 30 days. For your account and orders we process name, address, e-mail address, phone number and order data to perform the contract (Art. 6(1)(b) GDPR). Invoices are kept for ten years for tax and commercial-law reasons (§ 147 AO, § 257 HGB).</p><p>For payment we pass the necessary data to the payment service you choose (such as PayPal), and for shipping, name and address to the carrier.</p>',
        '<p>Nous conservons et analysons les fichiers 3D téléversés afin de calculer le prix et l’imprimabilité et de fabriquer votre pièce. Les fichiers sans commande sont supprimés après 30 jours. Pour votre compte et vos commandes, nous traitons nom, adresse, e-mail, téléphone et données de commande pour exécuter le contrat (art. 6, par. 1, point b du RGPD). Les factures sont conservées dix ans pour des raisons fiscales et commerciales (§ 147 AO, § 257 HGB).</p><p>Pour le paiement, nous transmettons les données nécessaires au prestataire choisi (par exemple PayPal) et, pour l’expédition, nom et adresse au transporteur.</p>',
      ),
    ),
    section(
      'kontaktformular',
      l(
        '5. Kontaktformular, Fehlermeldungen und Newsletter',
        '5. Contact form, bug reports and newsletter',
        '5. Formulaire de contact, signalements et lettre d’information',
      ),
      l(
        '<p>Was Sie uns über das Kontaktformular oder als Fehlermeldung schicken, verwenden wir nur zur Bearbeitung Ihres Anliegens (Art. 6 Abs. 1 lit. b und f DSGVO) und löschen es nach Abschluss, spätestens nach zwei Jahren. Zum Schutz vor Missbrauch speichern wir dazu die IP-Adresse.</p><p>Für den Newsletter brauchen wir Ihre E-Mail-Adresse und Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Sie können sich jederzeit über den Link in jeder Ausgabe oder per E-Mail abmelden.</p>',
        '<p>What you send us through the contact form or as a bug report is used only to handle your request (Art. 6(1)(b) and (f) GDPR) and deleted once it is closed, after two years at the latest. To protect against abuse we store the IP address with it.</p><p>For the newsletter we need your e-mail address and your consent (Art. 6(1)(a) GDPR). You can unsubscribe at any time via the link in every issue or by e-mail.</p>',
        '<p>Ce que vous nous envoyez via le formulaire de contact ou comme signalement d’erreur ne sert qu’à traiter votre demande (art. 6, par. 1, points b et f du RGPD) et est supprimé une fois celle-ci close, au plus tard après deux ans. Pour prévenir les abus, nous enregistrons l’adresse IP.</p><p>Pour la lettre d’information, il nous faut votre adresse e-mail et votre consentement (art. 6, par. 1, point a du RGPD). Vous pouvez vous désabonner à tout moment via le lien de chaque envoi ou par e-mail.</p>',
      ),
    ),
    section(
      'rechte',
      l('6. Ihre Rechte', '6. Your rights', '6. Vos droits'),
      l(
        '<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung und Datenübertragbarkeit (Art. 15 bis 20 DSGVO) sowie auf Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO). Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen. Außerdem können Sie sich bei einer Datenschutzaufsichtsbehörde beschweren (Art. 77 DSGVO).</p><p>Eine automatisierte Entscheidungsfindung im Sinne von Art. 22 DSGVO findet nicht statt.</p>',
        '<p>You have the right of access, rectification, erasure, restriction of processing and data portability (Art. 15 to 20 GDPR) and the right to object to processing based on legitimate interests (Art. 21 GDPR). You can withdraw consent at any time with effect for the future. You may also lodge a complaint with a data protection supervisory authority (Art. 77 GDPR).</p><p>There is no automated decision-making within the meaning of Art. 22 GDPR.</p>',
        '<p>Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation du traitement et de portabilité (art. 15 à 20 du RGPD) ainsi que d’un droit d’opposition aux traitements fondés sur l’intérêt légitime (art. 21 du RGPD). Vous pouvez retirer un consentement à tout moment pour l’avenir. Vous pouvez aussi introduire une réclamation auprès d’une autorité de contrôle (art. 77 du RGPD).</p><p>Aucune décision automatisée au sens de l’art. 22 du RGPD n’est prise.</p>',
      ),
    ),
  ],
}
