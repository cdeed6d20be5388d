/** A white label as a request sees it; rows are read with the catalogue (catalogue.repo.ts). */
export interface WhiteLabel {
  id: string
  name: string
}
