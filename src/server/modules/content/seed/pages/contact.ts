import { l, type SeedPage } from '../seed-page.ts'

/** The contact page (part 2 §2 `/kontakt`): CMS text above the contact form the view renders (#contact-form). */
export const contactPage: SeedPage = {
  slug: 'kontakt',
  title: l('Kontakt', 'Contact', 'Contact'),
  subtitle: l('Wir sind für Sie da', 'We are here for you', 'Nous sommes là pour vous'),
  description: l(
    'Fragen zu Werkstoffen, Preisen oder Ihrer Bestellung? Schreiben Sie uns oder rufen Sie an.',
    'Questions about materials, prices or your order? Write to us or give us a call.',
    'Des questions sur les matériaux, les prix ou votre commande ? Écrivez-nous ou appelez-nous.',
  ),
  elements: [
    {
      id: 'kontakt',
      type: 'heading',
      headerLayout: 1,
      header: l('Kontakt', 'Contact', 'Contact'),
      subheader: l('Wir sind für Sie da', 'We are here for you', 'Nous sommes là pour vous'),
    },
    {
      id: 'erreichbarkeit',
      type: 'text',
      bodytext: l(
        '<p>Ob Werkstofffrage, Sonderwunsch oder Rückfrage zu einer Bestellung: Wir antworten in der Regel innerhalb eines Werktags. Geben Sie bei Bestellungen bitte Ihre Bestellnummer an.</p><p><strong>E-Mail:</strong> <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br /><strong>Telefon:</strong> +49 30 1234567-0 (Montag bis Freitag, 9 bis 16 Uhr)</p><p>Sie haben einen Fehler im Shop gefunden? Wählen Sie unten „Fehler melden“ – je genauer Sie beschreiben, was passiert ist, desto schneller finden wir die Ursache.</p>',
        '<p>Whether it is a question about materials, a special request or your order: we usually reply within one working day. For orders, please include your order number.</p><p><strong>E-mail:</strong> <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br /><strong>Phone:</strong> +49 30 1234567-0 (Monday to Friday, 9 am to 4 pm CET)</p><p>Found a bug in the shop? Choose “report a bug” below – the more precisely you describe what happened, the faster we find the cause.</p>',
        '<p>Question sur un matériau, demande particulière ou suivi de commande : nous répondons en général sous un jour ouvré. Pour une commande, indiquez votre numéro de commande.</p><p><strong>E-mail :</strong> <a href="mailto:info@schichtwerk.example">info@schichtwerk.example</a><br /><strong>Téléphone :</strong> +49 30 1234567-0 (du lundi au vendredi, de 9 h à 16 h)</p><p>Vous avez trouvé une erreur dans la boutique ? Choisissez « signaler une erreur » ci-dessous – plus votre description est précise, plus vite nous trouvons la cause.</p>',
      ),
    },
    {
      id: 'datenschutzhinweis',
      type: 'text',
      bodytext: l(
        '<p>Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. Mehr dazu in unserer <a href="/datenschutz">Datenschutzerklärung</a>.</p>',
        '<p>We only use your details to answer your request. More in our <a href="/en/datenschutz">privacy statement</a>.</p>',
        '<p>Nous n’utilisons vos données que pour répondre à votre demande. Pour en savoir plus, consultez notre <a href="/fr/datenschutz">déclaration de confidentialité</a>.</p>',
      ),
    },
  ],
}
