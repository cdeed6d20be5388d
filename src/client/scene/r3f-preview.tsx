import { Canvas, useThree } from '@react-three/fiber'
import { use, useEffect } from 'react'
import type { PerspectiveCamera } from 'three'
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'
import { PREVIEW } from '#shared/domain/limits.ts'
import { type PreviewStore } from '#client/actors/preview-store.ts'
import { edgeColourFor } from './edge-colour.ts'
import { frameModel } from './preview-scene.ts'
import { load3mf, type PreviewModel } from './load-3mf.ts'
import { type ModelPreviewProps } from './model-preview.tsx'

/**
 * The 3D preview drawn on the main thread (spec part 1 §2, §4 preview image, §9), for browsers that cannot hand a
 * canvas to a worker (decision 0110): the repaired 3MF in an R3F canvas (camera field of view 40, 400 px high), in
 * the selected colour (default #eeeeee) with black edges on light colours and white on dark ones, orbit controls,
 * and a PNG of the view for the cart item whenever the model or its colour changes.
 *
 * This module, R3F and three.js are a lazy chunk of their own, loaded only where the worker view is not possible.
 */

type Loaded = { ok: true; model: PreviewModel } | { ok: false }

/** One load per model (a session's `loadModel`), shared by every render. */
const loads = new WeakMap<object, Promise<Loaded>>()

function loadOnce(loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>): Promise<Loaded> {
  let load = loads.get(loadModel)
  if (!load) {
    load = loadModel(new AbortController().signal)
      .then(load3mf)
      .then((model): Loaded => ({ ok: true, model }))
      .catch((): Loaded => ({ ok: false }))
    loads.set(loadModel, load)
  }
  return load
}

export default function R3fPreview(props: ModelPreviewProps) {
  const loaded = use(loadOnce(props.loadModel))
  if (!loaded.ok) return <p className="model-preview__error">{props.errorText}</p>
  return (
    <div className="model-preview" role="img" aria-label={props.label}>
      <Canvas
        frameloop="demand"
        camera={{ fov: PREVIEW.fov, position: [0, 0, 10] }}
        gl={{ preserveDrawingBuffer: true, antialias: true }}
        style={{ width: '100%', height: PREVIEW.heightPx }}
      >
        <Scene model={loaded.model} colour={props.colour ?? PREVIEW.defaultColor} preview={props.preview} />
      </Canvas>
    </div>
  )
}

function Scene({ model, colour, preview }: { model: PreviewModel; colour: string; preview: PreviewStore }) {
  const { camera, gl, scene, invalidate } = useThree()

  // Frame the model and let the user turn it.
  useEffect(() => {
    frameModel(camera as PerspectiveCamera, model.radius)
    const controls = new OrbitControls(camera, gl.domElement)
    controls.addEventListener('change', () => invalidate())
    invalidate()
    return () => controls.dispose()
  }, [model, camera, gl, invalidate])

  // How "add to cart" takes a fresh picture.
  useEffect(() => {
    preview.setCapture(
      () =>
        new Promise<Blob | null>((resolve) => {
          gl.render(scene, camera)
          gl.domElement.toBlob(resolve, 'image/png')
        }),
    )
    return () => preview.setCapture(null)
  }, [preview, gl, scene, camera])

  // The model or its colour changed: store the new preview image once it is drawn.
  useEffect(() => {
    let cancelled = false
    const frame = requestAnimationFrame(() => {
      gl.render(scene, camera)
      gl.domElement.toBlob((image) => {
        if (image && !cancelled) preview.store(image)
      }, 'image/png')
    })
    return () => {
      cancelled = true
      cancelAnimationFrame(frame)
    }
  }, [model, colour, preview, gl, scene, camera])

  const edges = edgeColourFor(colour)
  return (
    <>
      <color attach="background" args={['#f7f8f9']} />
      <ambientLight intensity={0.7} />
      <directionalLight position={[3, 5, 4]} intensity={1.6} />
      <directionalLight position={[-4, -2, -3]} intensity={0.5} />
      {model.meshes.map((mesh, index) => (
        <group key={index}>
          <mesh geometry={mesh.geometry}>
            <meshStandardMaterial color={colour} roughness={0.65} metalness={0.05} flatShading />
          </mesh>
          <lineSegments geometry={mesh.edges}>
            <lineBasicMaterial color={edges} />
          </lineSegments>
        </group>
      ))}
    </>
  )
}
