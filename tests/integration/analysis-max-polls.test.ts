import { afterEach, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { TASK_POLL_MAX_TRIES } from '#shared/domain/limits.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'

const apps: AnalysisTestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

async function uploadAnswer(t: AnalysisTestApp) {
  const response = await upload(t.app, 'cube.stl', corpusFile('stl/trimesh__20mm-xyz-cube.stl'))
  expect(response.statusCode).toBe(201)
  return AnalysisUploadResponseSchema.parse(response.json())
}

// Decision 0070: the upload answer tells the client how many task polls the analysis is worth.
describe('the poll limit in the upload answer', () => {
  it('is TASK_POLL_MAX_TRIES by default, for uploads and the demo object', async () => {
    const t = await createAnalysisTestApp({ startRunner: false })
    apps.push(t)
    expect((await uploadAnswer(t)).maxPolls).toBe(TASK_POLL_MAX_TRIES)
    const demo = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
    expect(AnalysisUploadResponseSchema.parse(demo.json()).maxPolls).toBe(TASK_POLL_MAX_TRIES)
  })

  it('follows ANALYSIS_MAX_POLLS', async () => {
    const t = await createAnalysisTestApp({ startRunner: false, env: { ANALYSIS_MAX_POLLS: '600' } })
    apps.push(t)
    expect((await uploadAnswer(t)).maxPolls).toBe(600)
  })
})
