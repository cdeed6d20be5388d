// The first module of every pool worker (src/server/jobs/job-hosts.ts), thread or child process. Plain JavaScript
// on purpose: a worker starts without the TypeScript loader of its parent (tsx in the server, Vite's runner in
// tests), so it registers tsx itself and then imports its TypeScript entry, whose URL the pool passes in workerData
// (a thread) or as the first argument (a child process).
import process from 'node:process'
import { isMainThread, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(isMainThread ? process.argv[2] : workerData.entry)
