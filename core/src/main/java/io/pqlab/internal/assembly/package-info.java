/**
 * Record assembly: one value per row of a schema node, built from its leaves' repetition and
 * definition levels. {@link io.pqlab.internal.assembly.Shapes} reads the schema by the format's
 * LIST and MAP rules (and their backward-compatibility forms) into a
 * {@link io.pqlab.internal.assembly.Shape}; {@link io.pqlab.internal.assembly.RecordAssembler}
 * walks the levels; leaves go through a {@link io.pqlab.internal.assembly.LeafConverter} (Java
 * objects, or JSON tokens for printing); {@link io.pqlab.internal.assembly.NestedJson} prints.
 * The values are {@link io.pqlab.scan.NestedValue}s. See docs/design/nested.md.
 */
package io.pqlab.internal.assembly;
