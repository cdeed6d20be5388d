/** A wall-thickness thread for tests (thickness-thread.test.ts starts it through tsx). */
import { parentPort } from 'node:worker_threads'
import { serveWallThickness } from '../thickness/thickness-thread.ts'

serveWallThickness(parentPort!)
