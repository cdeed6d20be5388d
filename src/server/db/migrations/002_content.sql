-- CMS pages and navigation, and what visitors send through the contact endpoint (contact messages, bug reports,
-- newsletter sign-ups, VAT-IDs). Pages are stored per language and path slug as the contract's page document
-- (src/shared/contracts/cms.contract.ts, without the navigation lists); bodytext in it is sanitised HTML.

CREATE TABLE cms_pages (
  lang text NOT NULL CHECK (lang IN ('de', 'en', 'fr')),
  -- Lower-case words joined by '-', segments by '/': the same pattern as CMS_SLUG_PATTERN.
  slug text NOT NULL CHECK (
    length(slug) <= 200 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$'
  ),
  page jsonb NOT NULL CHECK (jsonb_typeof(page) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lang, slug)
);

-- The four navigation lists (main, top, footerleft, footerright) of one language.
CREATE TABLE cms_navigation (
  lang text PRIMARY KEY CHECK (lang IN ('de', 'en', 'fr')),
  navigation jsonb NOT NULL CHECK (jsonb_typeof(navigation) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_submissions (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('contact', 'bug-report', 'newsletter', 'vat-id')),
  -- The validated request (ContactRequestSchema's output).
  payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  -- The sender's address, for the per-address limit; null when unknown.
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set once the team's notification mail went out (sent after the insert committed, never inside it).
  mailed_at timestamptz
);
CREATE INDEX contact_submissions_ip_created ON contact_submissions (ip, created_at);
CREATE INDEX contact_submissions_unmailed ON contact_submissions (created_at) WHERE mailed_at IS NULL;
