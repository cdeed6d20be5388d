import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

/**
 * Mail that is not sent: without SMTP_URL every message lands as a complete RFC 5322 file (`.eml`, opens in any
 * mail client) plus a `.json` summary under DATA_DIR/outbox. Development, tests and e2e read mails from here.
 */

export const OutboxMailSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  createdAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** The attached files (their bytes are in the raw message). */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() }))
    .optional(),
  /** File name of the raw message next to the summary. */
  emlFile: z.string(),
})
export type OutboxMail = z.infer<typeof OutboxMailSchema>

const OUTBOX_ID = /^\d{8}T\d{9}Z-[a-f0-9]{12}$/

/** Ids sort by creation time: a UTC timestamp with milliseconds and a random suffix. */
function newOutboxId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '')
  return `${stamp}-${randomBytes(6).toString('hex')}`
}

/** Writes to a temporary name first, so a reader never sees half a file. */
function writeAtomically(path: string, content: string | Buffer): void {
  const temp = `${path}.tmp`
  writeFileSync(temp, content)
  renameSync(temp, path)
}

export function createOutbox(dir: string) {
  return {
    dir,
    write(raw: Buffer, mail: Omit<OutboxMail, 'id' | 'createdAt' | 'emlFile'>, now = new Date()): OutboxMail {
      mkdirSync(dir, { recursive: true })
      const id = newOutboxId(now)
      const entry: OutboxMail = { ...mail, id, createdAt: now.toISOString(), emlFile: `${id}.eml` }
      writeAtomically(join(dir, entry.emlFile), raw)
      // The summary last: its presence means the message is complete.
      writeAtomically(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`)
      return entry
    },
    /** Every mail, oldest first. */
    list(): OutboxMail[] {
      let names: string[]
      try {
        names = readdirSync(dir)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      return names
        .filter((name) => name.endsWith('.json') && OUTBOX_ID.test(name.slice(0, -'.json'.length)))
        .sort()
        .map((name) => OutboxMailSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))))
    },
    /** One mail and its raw message, or undefined; the id is checked so it cannot name a file outside the outbox. */
    read(id: string): { mail: OutboxMail; raw: string } | undefined {
      if (!OUTBOX_ID.test(id)) return undefined
      try {
        const mail = OutboxMailSchema.parse(JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')))
        return { mail, raw: readFileSync(join(dir, mail.emlFile), 'utf8') }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
  }
}
export type Outbox = ReturnType<typeof createOutbox>
