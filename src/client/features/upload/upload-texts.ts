import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type TaskMessageCode } from '#shared/contracts/analysis.contract.ts'

/** The analysis task's progress messages (spec part 1 §4 upload progress states). */
export const taskMessageTexts = {
  'converting-to-stl': msg`Datei wird in STL umgewandelt`,
  'starting-analysis': msg`Analyse wird gestartet`,
  'repairing-file': msg`Datei wird repariert`,
  'converting-to-internal-format': msg`Datei wird in das interne Format umgewandelt`,
  'analyzing-volume-and-dimensions': msg`Volumen und Abmessungen werden analysiert`,
  'checking-printability': msg`Druckbarkeit wird geprüft`,
  'analysis-completed': msg`Analyse abgeschlossen`,
} as const satisfies Record<TaskMessageCode, MessageDescriptor>
