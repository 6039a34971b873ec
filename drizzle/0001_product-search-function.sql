-- Custom SQL (drizzle-kit cannot express functions). The generated column products.search_vector
-- needs an IMMUTABLE expression, and array_to_string is only STABLE in general (it depends on the
-- element type's output function). For text[] the output is the text itself, so wrapping it in an
-- IMMUTABLE function is safe. Weights: title A, tags B, description C.
CREATE OR REPLACE FUNCTION glacial_product_search_vector(title text, tags text[], description text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;
