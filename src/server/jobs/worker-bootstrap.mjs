// The first module of every worker thread (src/server/jobs/worker-pool.ts). Plain JavaScript on purpose: a worker
// thread starts without the TypeScript loader of its parent (tsx in the server, Vite's runner in tests), so it
// registers tsx itself and then imports its TypeScript entry, whose path the pool passes in workerData.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
