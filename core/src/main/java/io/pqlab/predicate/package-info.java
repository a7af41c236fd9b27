/**
 * The condition language: {@link io.pqlab.predicate.Condition#parse} turns text such as
 * {@code price >= 10 AND NOT (status IN ('x', 'y') OR note LIKE 'abc%')} into an
 * {@link io.pqlab.predicate.Expr} tree; {@link io.pqlab.internal.predicate.Normalizer} pushes NOT down to
 * the leaves. Syntax only: columns are paths and literals are untyped until bound to a file.
 */
package io.pqlab.predicate;

import io.pqlab.internal.predicate.Normalizer;
