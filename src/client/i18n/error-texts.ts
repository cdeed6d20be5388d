import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ALLOWED_MODEL_EXTENSIONS, MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'

const maxMegabytes = MAX_UPLOAD_BYTES / 1_000_000
const extensions = ALLOWED_MODEL_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ')

/**
 * The text of every API error code machines keep in their context (`errorCodeOf`); views show these. A code added to
 * `#shared/errors/error-codes.ts` fails typecheck here until it has a text.
 */
export const errorTexts = {
  not_found: msg`Das Gesuchte wurde nicht gefunden.`,
  route_not_found: msg`Diese Adresse gibt es nicht.`,
  validation_failed: msg`Bitte prüfen Sie Ihre Eingaben.`,
  unauthorized: msg`Bitte melden Sie sich an.`,
  forbidden: msg`Dafür fehlt Ihnen die Berechtigung.`,
  unknown_api_key: msg`Der Shop ist nicht richtig eingerichtet. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  conflict: msg`Die Daten wurden inzwischen geändert. Bitte laden Sie die Seite neu.`,
  rate_limited: msg`Zu viele Anfragen. Bitte warten Sie einen Moment.`,
  payload_too_large: msg`Die Datei ist zu groß.`,
  unsupported_media_type: msg`Der Server kann dieses Datenformat nicht lesen. Bitte laden Sie die Seite neu.`,
  request_timeout: msg`Die Verbindung war zu langsam. Bitte versuchen Sie es erneut.`,
  service_unavailable: msg`Der Server ist aktuell nicht erreichbar. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  internal_error: msg`Hier scheint ein Fehler aufgetreten zu sein. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.`,
  file_too_large: msg`Die Datei ist größer als ${maxMegabytes} MB.`,
  unsupported_file_type: msg`Dieses Dateiformat wird nicht unterstützt. Erlaubt sind: ${extensions}.`,
  analysis_failed: msg`Das 3D-Modell konnte nicht analysiert werden.`,
  analysis_too_complex: msg`Das 3D-Modell ist zu komplex, um es zu analysieren. Bitte vereinfachen Sie es (weniger Dreiecke) oder teilen Sie es in mehrere Dateien auf.`,
  analysis_timeout: msg`Die Analyse des 3D-Modells hat zu lange gedauert. Bitte versuchen Sie es erneut.`,
  upload_quota_exceeded: msg`Sie haben heute schon sehr viele Dateien hochgeladen. Bitte versuchen Sie es morgen erneut.`,
  insufficient_storage: msg`Der Speicherplatz für Uploads ist gerade knapp. Bitte versuchen Sie es in einigen Stunden erneut.`,
  pricing_failed: msg`Der Preis konnte nicht berechnet werden.`,
  sheet_invalid: msg`Die Preistabelle ist ungültig.`,
  sign_in_throttled: msg`Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.`,
  service_busy: msg`Der Shop ist gerade stark ausgelastet. Bitte versuchen Sie es in ein paar Sekunden erneut.`,
  username_taken: msg`Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.`,
  link_invalid: msg`Der Link wurde bereits verwendet oder ist abgelaufen.`,
  wrong_password: msg`Das bisherige Passwort ist nicht korrekt.`,
  account_throttled: msg`Zu viele Anfragen. Bitte versuchen Sie es später erneut.`,
  cart_changed: msg`Der Preis hat sich inzwischen geändert. Bitte prüfen Sie den neuen Gesamtbetrag und bestellen Sie erneut.`,
  cart_ordered: msg`Dieser Warenkorb wurde bereits bestellt.`,
  order_in_progress: msg`Ihre Bestellung wird gerade aufgegeben. Bitte warten Sie einen Moment.`,
  idempotency_key_reused: msg`Die Bestellung konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu.`,
  voucher_invalid: msg`Der Gutschein ist nicht gültig oder konnte nicht überprüft werden.`,
  voucher_login_required: msg`Für diesen Gutschein müssen Sie angemeldet sein.`,
  voucher_max_usage: msg`Dieser Gutschein wurde bereits zu oft eingelöst.`,
  voucher_below_min_value: msg`Der Mindestbestellwert für diesen Gutschein ist noch nicht erreicht.`,
  payment_method_not_allowed: msg`Diese Zahlungsart ist für Ihre Bestellung nicht möglich.`,
  payment_failed: msg`Die Zahlung konnte nicht durchgeführt werden. Es wurde nichts abgebucht.`,
  status_change_refused: msg`Dieser Statuswechsel ist für die Bestellung nicht möglich.`,
} as const satisfies Record<ErrorCode, MessageDescriptor>
