// The first module of every pool worker (src/server/jobs/job-hosts.ts), thread or child process. Plain JavaScript
// on purpose: a worker starts without the TypeScript loader of its parent (tsx in the server, Vite's runner in
// tests), so it registers tsx itself and then imports its entry, whose URL the pool passes in workerData (a thread)
// or as the first argument (a child process). The production bundle's entries are JavaScript (decision 0117): tsx
// is then not loaded at all, which saves its loader thread and its memory in every worker.
import process from 'node:process'
import { isMainThread, workerData } from 'node:worker_threads'

const entry = isMainThread ? process.argv[2] : workerData.entry
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api')
  register()
}
await import(entry)
