import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
  type PerspectiveCamera,
  Scene,
} from 'three'
import { PREVIEW } from '#shared/domain/limits.ts'
import { edgeColourFor } from './edge-colour.ts'
import type { PreparedModel } from './prepare-model.ts'

/** The background of the 3D view (the same as `.model-preview` in configure.css). */
const BACKGROUND = '#f7f8f9'

export type PreviewScene = {
  scene: Scene
  /** The model's colour (#rrggbb); its edges turn black or white to match (spec part 1 §9). */
  setColour(colour: string): void
}

/**
 * The scene the R3F view declares, built by hand for the render worker (no React there): the same lights, material
 * and edges, so both views look alike.
 */
export function createPreviewScene(model: PreparedModel, colour: string): PreviewScene {
  const scene = new Scene()
  scene.background = new Color(BACKGROUND)
  scene.add(new AmbientLight(0xffffff, 0.7))
  const key = new DirectionalLight(0xffffff, 1.6)
  key.position.set(3, 5, 4)
  const fill = new DirectionalLight(0xffffff, 0.5)
  fill.position.set(-4, -2, -3)
  scene.add(key, fill)
  const surface = new MeshStandardMaterial({
    color: colour,
    roughness: 0.65,
    metalness: 0.05,
    flatShading: true,
  })
  const lines = new LineBasicMaterial({ color: edgeColourFor(colour) })
  for (const { positions, indices, edges } of model.meshes) {
    const geometry = new BufferGeometry()
    geometry.setAttribute('position', new BufferAttribute(positions, 3))
    geometry.setIndex(new BufferAttribute(indices, 1))
    const edgeGeometry = new BufferGeometry()
    edgeGeometry.setAttribute('position', new BufferAttribute(edges, 3))
    scene.add(new Mesh(geometry, surface), new LineSegments(edgeGeometry, lines))
  }
  return {
    scene,
    setColour(next) {
      surface.color.set(next)
      lines.color.set(edgeColourFor(next))
    },
  }
}

/** Places the camera so the whole model shows from the front-right-above, with room around it. */
export function frameModel(camera: PerspectiveCamera, radius: number): void {
  const halfFov = (PREVIEW.fov * Math.PI) / 360
  const distance = (radius / Math.sin(halfFov)) * 1.1
  camera.position.set(0.55, 0.45, 0.7).normalize().multiplyScalar(distance)
  camera.near = distance / 100
  camera.far = distance * 10
  camera.lookAt(0, 0, 0)
  camera.updateProjectionMatrix()
}
