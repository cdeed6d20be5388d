import type { StaffUpload, StaffUploadListResponse } from '#shared/contracts/staff-sheet.contract.ts'
import { UPLOAD_PICKER_PAGE_SIZE } from './upload-picker.machine.ts'

/** Plain data the object picker's paths, tests and stories share. */

const upload = (index: number, name: string, x: number, y: number, z: number): StaffUpload => {
  const [minX, maxY, maxX] = [x, y, z].sort((a, b) => a - b) as [number, number, number]
  return {
    id: `upload_file_00000000000${index}`.slice(0, 22),
    name,
    originalFileName: `${name}.stl`,
    createdAt: `2026-11-2${index}T09:30:00.000Z`,
    unit: 'mm',
    triangles: 1_200 * index,
    measures: {
      xMm: x,
      yMm: y,
      zMm: z,
      internalVolumeMm3: x * y * z * 0.4,
      externalVolumeMm3: x * y * z,
      surfaceAreaMm2: 2 * (x * y + y * z + x * z),
      minXMm: minX,
      maxXMm: maxX,
      maxYMm: maxY,
    },
  }
}

export const pickerUploads: StaffUpload[] = [
  upload(5, 'Halterung links', 80, 42, 25),
  upload(4, 'Zahnrad M2', 36, 36, 8),
  upload(3, 'Gehäusedeckel', 120, 90, 12),
]

/** The first of two pages. */
export const firstPage: StaffUploadListResponse = {
  uploads: pickerUploads,
  total: UPLOAD_PICKER_PAGE_SIZE + 2,
}

/** The last page. */
export const lastPage: StaffUploadListResponse = {
  uploads: [upload(2, 'Distanzhülse', 12, 12, 20)],
  total: UPLOAD_PICKER_PAGE_SIZE + 2,
}

export const noUploads: StaffUploadListResponse = { uploads: [], total: 0 }
