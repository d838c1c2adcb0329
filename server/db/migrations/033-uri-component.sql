-- A path segment as JavaScript's encodeURIComponent writes it (UTF-8 bytes as %XX, upper case; the
-- letters, digits and - _ . ! ~ * ' ( ) kept), so that the database writes a sitemap file's URLs
-- itself (server/db/sitemaps.ts): a tag's key, the one route key that is not a number.
CREATE FUNCTION uri_component(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN ch ~ '^[-A-Za-z0-9_.!~*''()]$' THEN ch
         ELSE upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\1', 'g'))
    END, '' ORDER BY n), '')
  FROM regexp_split_to_table(value, '') WITH ORDINALITY AS c(ch, n)
$$;
