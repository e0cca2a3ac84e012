#!/usr/bin/env bash
# Fails when a catalog misses a translation or when extraction would change a catalog.
set -euo pipefail
cd "$(dirname "$0")/.."
before=$(mktemp -d)
cp -r locales "$before/"
npx lingui extract --clean > /dev/null
if ! diff -r "$before/locales" locales > /dev/null; then
  echo "i18n: extraction changed the catalogs; run 'npm run i18n:extract', translate, and commit:" >&2
  diff -r "$before/locales" locales | head -40 >&2 || true
  rm -rf "$before"
  exit 1
fi
rm -rf "$before"
missing=0
for locale in es fr de zh; do
  # Each language has the first load's catalog, the app's and the console's (lingui.config.ts).
  for catalog in shell messages admin; do
    file="locales/$locale/$catalog.po"
    if [ ! -f "$file" ]; then
      echo "i18n: $file is missing" >&2
      missing=1
      continue
    fi
    # An empty msgstr after the header means a message nobody translated.
    count=$(awk '/^msgid ""/{h=1; next} /^msgid /{h=0} /^msgstr ""$/{ if (!h) n++ } END{print n+0}' "$file")
    if [ "$count" -gt 0 ]; then
      echo "i18n: $file has $count untranslated messages" >&2
      missing=1
    fi
  done
done
[ "$missing" -eq 0 ] || exit 1
echo "i18n: catalogs complete and up to date"
