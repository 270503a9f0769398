#!/bin/sh
# Deletes Besties database backups older than N days (default 14) from a folder.
# Usage: prune-backups.sh FOLDER [DAYS]    (run by besties-backup.service after each backup)
# Only files named like the backup services name them are touched: besties-YYYYMMDD-HHMMSS.sqlite
# (`npm run backup`), besties-YYYYMMDD-HHMMSS.pgdump (pg_dump, besties-pgdump.service), and the
# archives of her image folders beside them: files-YYYYMMDD-HHMMSS.tar.gz.
set -eu

folder=${1:?usage: prune-backups.sh FOLDER [DAYS]}
days=${2:-14}

case $days in
  '' | *[!0-9]*) echo "prune-backups: DAYS must be a whole number, not '$days'" >&2; exit 2 ;;
esac
if [ ! -d "$folder" ]; then
  echo "prune-backups: no folder $folder" >&2
  exit 1
fi
# A newer backup must exist before any old one goes, so a failing backup job never empties
# the folder.
if [ -z "$(find "$folder" -maxdepth 1 -type f \( -name 'besties-*.sqlite' -o -name 'besties-*.pgdump' \) -mtime -1 -print -quit)" ]; then
  echo "prune-backups: no backup from the last day in $folder; keeping every old one" >&2
  exit 1
fi
find "$folder" -maxdepth 1 -type f \( -name 'besties-*.sqlite' -o -name 'besties-*.pgdump' \) \
  -mtime "+$days" -print -delete
find "$folder" -maxdepth 1 -type f -name 'files-*.tar.gz' -mtime "+$days" -print -delete
