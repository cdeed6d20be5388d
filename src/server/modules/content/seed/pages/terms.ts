import { l, type Localized, type SeedElement, type SeedPage } from '../seed-page.ts'

const clause = (id: string, header: Localized, bodytext: Localized): SeedElement => ({
  id,
  type: 'text',
  header,
  headerLayout: 2,
  bodytext,
})

/** The terms of the online portal (part 2 §2 `/agb-onlineportal`): sample terms, marked as such. */
export const termsPage: SeedPage = {
  slug: 'agb-onlineportal',
  title: l(
    'Allgemeine Geschäftsbedingungen',
    'General terms and conditions',
    'Conditions générales de vente',
  ),
  subtitle: l(
    'für Bestellungen im Onlineportal',
    'for orders placed in the online portal',
    'pour les commandes passées sur le portail en ligne',
  ),
  description: l(
    'Vertragsschluss, Preise, Zahlung, Lieferung und Gewährleistung bei Bestellungen im Schichtwerk-Onlineportal.',
    'Conclusion of contract, prices, payment, delivery and warranty for orders in the Schichtwerk online portal.',
    'Conclusion du contrat, prix, paiement, livraison et garantie pour les commandes sur le portail Schichtwerk.',
  ),
  elements: [
    {
      id: 'agb',
      type: 'heading',
      headerLayout: 1,
      header: l(
        'Allgemeine Geschäftsbedingungen',
        'General terms and conditions',
        'Conditions générales de vente',
      ),
      subheader: l(
        'für Bestellungen im Onlineportal',
        'for orders placed in the online portal',
        'pour les commandes passées sur le portail en ligne',
      ),
    },
    {
      id: 'musterbedingungen',
      type: 'text',
      bodytext: l(
        '<blockquote><strong>Musterbedingungen.</strong> Diese AGB sind ein Beispiel und keine Rechtsberatung. Verbindlich sind nur die Bedingungen, die Ihr Shop nach rechtlicher Prüfung veröffentlicht.</blockquote>',
        '<blockquote><strong>Sample terms.</strong> These terms are an example and not legal advice. Only the terms your shop publishes after legal review are binding. The German version prevails.</blockquote>',
        '<blockquote><strong>Conditions d’exemple.</strong> Ces conditions sont un exemple et non un conseil juridique. Seules les conditions publiées par votre boutique après vérification juridique font foi. La version allemande prévaut.</blockquote>',
      ),
    },
    clause(
      'geltung',
      l('§ 1 Geltungsbereich', '§ 1 Scope', '§ 1 Champ d’application'),
      l(
        '<p>Diese Bedingungen gelten für alle Bestellungen, die Verbraucherinnen, Verbraucher und Unternehmen über das Onlineportal der Schichtwerk GmbH (Beispiel) aufgeben. Abweichende Bedingungen von Unternehmen gelten nur, wenn wir ihnen ausdrücklich zustimmen.</p>',
        '<p>These terms apply to all orders placed by consumers and businesses through the online portal of Schichtwerk GmbH (Beispiel). Differing terms of businesses only apply if we expressly agree to them.</p>',
        '<p>Les présentes conditions s’appliquent à toutes les commandes passées par des consommateurs et des entreprises sur le portail de Schichtwerk GmbH (Beispiel). Les conditions divergentes d’entreprises ne s’appliquent qu’avec notre accord exprès.</p>',
      ),
    ),
    clause(
      'vertragsschluss',
      l('§ 2 Vertragsschluss', '§ 2 Conclusion of contract', '§ 2 Conclusion du contrat'),
      l(
        '<p>Mit „Jetzt kaufen“ geben Sie ein verbindliches Angebot ab. Der Vertrag kommt mit unserer Auftragsbestätigung per E-Mail zustande, spätestens mit dem Versand. Ein angefordertes Angebot („Angebot anfordern“) ist unverbindlich; der Vertrag kommt erst zustande, wenn Sie es annehmen und wir die Annahme bestätigen.</p><p>Wir dürfen Aufträge ablehnen, deren Fertigung technisch nicht möglich ist oder gegen Gesetze verstößt, insbesondere Waffen und Waffenteile.</p>',
        '<p>By clicking “buy now” you make a binding offer. The contract is concluded with our order confirmation by e-mail, at the latest with dispatch. A requested quote (“request a quote”) is non-binding; the contract is only concluded when you accept it and we confirm the acceptance.</p><p>We may decline orders that are technically impossible to manufacture or unlawful, in particular weapons and weapon parts.</p>',
        '<p>En cliquant sur « acheter maintenant », vous faites une offre ferme. Le contrat est conclu par notre confirmation de commande par e-mail, au plus tard à l’expédition. Un devis demandé (« demander un devis ») est sans engagement ; le contrat n’est conclu que lorsque vous l’acceptez et que nous confirmons cette acceptation.</p><p>Nous pouvons refuser les commandes techniquement irréalisables ou illicites, notamment les armes et pièces d’armes.</p>',
      ),
    ),
    clause(
      'preise',
      l('§ 3 Preise und Versand', '§ 3 Prices and shipping', '§ 3 Prix et expédition'),
      l(
        '<p>Es gelten die beim Bestellen angezeigten Preise. Für Verbraucher enthalten sie die gesetzliche Umsatzsteuer, Geschäftskunden sehen Nettopreise zuzüglich Umsatzsteuer. Der Mindestbestellwert beträgt 30 € brutto; liegt eine Bestellung darunter, berechnen wir die Differenz als Mindermengenzuschlag. Der Standardversand innerhalb Deutschlands ist kostenlos, Expressversand und Versand ins Ausland kosten den angezeigten Aufpreis.</p>',
        '<p>The prices shown when ordering apply. For consumers they include statutory VAT; business customers see net prices plus VAT. The minimum order value is €30 gross; below it, we charge the difference as a small-order surcharge. Standard shipping within Germany is free; express and international shipping cost the surcharge shown.</p>',
        '<p>Les prix affichés lors de la commande s’appliquent. Pour les consommateurs, ils incluent la TVA légale ; les clients professionnels voient des prix hors taxes. La valeur minimale de commande est de 30 € TTC ; en dessous, la différence est facturée comme supplément petite commande. L’expédition standard en Allemagne est gratuite ; l’express et l’international coûtent le supplément affiché.</p>',
      ),
    ),
    clause(
      'zahlung',
      l('§ 4 Zahlung', '§ 4 Payment', '§ 4 Paiement'),
      l(
        '<p>Sie zahlen per Vorkasse (Überweisung) oder PayPal. Registrierte Kundinnen und Kunden mit Rechnungsanschrift in Deutschland können auf Rechnung zahlen, sofern der Bestellung keine technischen Zeichnungen beiliegen; die Rechnung ist innerhalb von 10 Tagen ohne Abzug fällig. Bei Vorkasse beginnt die Fertigung mit dem Zahlungseingang.</p>',
        '<p>You pay in advance by bank transfer or with PayPal. Registered customers with a billing address in Germany can pay by invoice, provided no technical drawings are attached to the order; the invoice is due within 10 days without deduction. With payment in advance, production starts once the payment has arrived.</p>',
        '<p>Vous payez par virement anticipé ou via PayPal. Les clients enregistrés avec une adresse de facturation en Allemagne peuvent payer sur facture, si aucun plan technique n’est joint à la commande ; la facture est payable sous 10 jours sans escompte. En cas de paiement anticipé, la fabrication commence à réception du paiement.</p>',
      ),
    ),
    clause(
      'lieferung',
      l('§ 5 Fertigung und Lieferung', '§ 5 Production and delivery', '§ 5 Fabrication et livraison'),
      l(
        '<p>Die Fertigungszeit beträgt in der Regel fünf Werktage, dazu kommt die Versandzeit der gewählten Versandart. Angegebene Zeiten sind Richtwerte, sofern nicht ausdrücklich als verbindlich zugesagt.</p>',
        '<p>Production usually takes five working days, plus the transit time of the chosen shipping method. Stated times are guide values unless expressly promised as binding.</p>',
        '<p>La fabrication prend en général cinq jours ouvrés, auxquels s’ajoute le délai du mode d’expédition choisi. Les délais indiqués sont indicatifs, sauf engagement exprès.</p>',
      ),
    ),
    clause(
      'widerruf',
      l(
        '§ 6 Kein Widerrufsrecht bei Sonderanfertigungen',
        '§ 6 No right of withdrawal for custom-made goods',
        '§ 6 Pas de droit de rétractation pour les fabrications sur mesure',
      ),
      l(
        '<p>Wir fertigen jedes Teil nach Ihrer Datei. Für solche nach Kundenspezifikation hergestellten Waren besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 BGB).</p>',
        '<p>We manufacture every part from your file. There is no right of withdrawal for goods made to customer specification (§ 312g (2) no. 1 BGB).</p>',
        '<p>Nous fabriquons chaque pièce d’après votre fichier. Il n’existe pas de droit de rétractation pour les biens confectionnés selon les spécifications du client (§ 312g, al. 2, n° 1 BGB).</p>',
      ),
    ),
    clause(
      'gewaehrleistung',
      l('§ 7 Gewährleistung und Daten', '§ 7 Warranty and data', '§ 7 Garantie et données'),
      l(
        '<p>Es gilt die gesetzliche Mängelhaftung. Wir fertigen nach Ihrem Modell: Für Konstruktionsfehler, ungeeignete Werkstoffwahl trotz unserer Hinweise und die Eignung für einen bestimmten Zweck haften wir nur, wenn wir sie zugesagt haben. Sie versichern, die Rechte an den übermittelten Daten zu besitzen, und stellen uns von Ansprüchen Dritter frei.</p>',
        '<p>Statutory warranty rights apply. We manufacture from your model: we are only liable for design errors, an unsuitable choice of material despite our advice, and fitness for a particular purpose if we promised it. You warrant that you hold the rights to the data you send and indemnify us against third-party claims.</p>',
        '<p>La garantie légale s’applique. Nous fabriquons d’après votre modèle : nous ne répondons des erreurs de conception, d’un choix de matériau inadapté malgré nos conseils et de l’aptitude à un usage particulier que si nous nous y sommes engagés. Vous garantissez détenir les droits sur les données transmises et nous garantissez contre toute réclamation de tiers.</p>',
      ),
    ),
  ],
}
