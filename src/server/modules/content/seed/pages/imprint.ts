import { l, type SeedPage } from '../seed-page.ts'

/** The imprint, with a placeholder company: replace every value before going live. */
export const imprintPage: SeedPage = {
  slug: 'impressum',
  title: l('Impressum', 'Imprint', 'Mentions légales'),
  subtitle: l(
    'Angaben gemäß § 5 DDG',
    'Information pursuant to § 5 DDG (German Digital Services Act)',
    'Informations selon le § 5 DDG (loi allemande sur les services numériques)',
  ),
  description: l(
    'Anbieterkennzeichnung der Schichtwerk GmbH (Beispiel).',
    'Provider identification of Schichtwerk GmbH (example).',
    'Identification du prestataire Schichtwerk GmbH (exemple).',
  ),
  elements: [
    {
      id: 'impressum',
      type: 'heading',
      headerLayout: 1,
      header: l('Impressum', 'Imprint', 'Mentions légales'),
      subheader: l(
        'Beispielangaben – vor dem Livegang ersetzen',
        'Sample details – replace before going live',
        'Données d’exemple – à remplacer avant la mise en ligne',
      ),
    },
    {
      id: 'anbieter',
      type: 'text',
      header: l('Anbieter', 'Provider', 'Éditeur'),
      headerLayout: 2,
      bodytext: l(
        '<p><strong>Schichtwerk GmbH (Beispiel)</strong><br />Musterstraße 12<br />12345 Musterstadt<br />Deutschland</p><p>Vertreten durch die Geschäftsführung: Erika Mustermann<br />Registergericht: Amtsgericht Musterstadt, HRB 00000 (Beispiel)<br />Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: DE000000000 (Beispiel)</p>',
        '<p><strong>Schichtwerk GmbH (Beispiel)</strong><br />Musterstraße 12<br />12345 Musterstadt<br />Germany</p><p>Represented by the managing director: Erika Mustermann<br />Register court: Amtsgericht Musterstadt, HRB 00000 (example)<br />VAT identification number pursuant to § 27a UStG: DE000000000 (example)</p>',
        '<p><strong>Schichtwerk GmbH (Beispiel)</strong><br />Musterstraße 12<br />12345 Musterstadt<br />Allemagne</p><p>Représentée par la gérante : Erika Mustermann<br />Tribunal d’enregistrement : Amtsgericht Musterstadt, HRB 00000 (exemple)<br />Numéro de TVA intracommunautaire selon le § 27a UStG : DE000000000 (exemple)</p>',
      ),
    },
    {
      id: 'kontaktangaben',
      type: 'text',
      header: l('Kontakt', 'Contact', 'Contact'),
      headerLayout: 2,
      bodytext: l(
        '<p>Telefon: +49 30 1234567-0<br />E-Mail: <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br />Kontaktformular: <a href="/kontakt">schichtwerk.example/kontakt</a></p>',
        '<p>Phone: +49 30 1234567-0<br />E-mail: <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br />Contact form: <a href="/en/kontakt">schichtwerk.example/en/kontakt</a></p>',
        '<p>Téléphone : +49 30 1234567-0<br />E-mail : <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br />Formulaire de contact : <a href="/fr/kontakt">schichtwerk.example/fr/kontakt</a></p>',
      ),
    },
    {
      id: 'streitbeilegung',
      type: 'text',
      header: l(
        'Verbraucherstreitbeilegung',
        'Consumer dispute resolution',
        'Règlement des litiges de consommation',
      ),
      headerLayout: 2,
      bodytext: l(
        '<p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p><p>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: Erika Mustermann, Anschrift wie oben.</p>',
        '<p>We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.</p><p>Responsible for the content pursuant to § 18 (2) MStV: Erika Mustermann, address as above.</p>',
        '<p>Nous ne sommes ni disposés ni tenus à participer à une procédure de règlement des litiges devant un organisme de médiation de la consommation.</p><p>Responsable du contenu selon le § 18, al. 2 MStV : Erika Mustermann, adresse ci-dessus.</p>',
      ),
    },
  ],
}
