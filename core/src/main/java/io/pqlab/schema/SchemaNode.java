package io.pqlab.schema;

import java.util.List;

/**
 * A node of the schema tree: a {@link GroupNode} or a leaf, {@link ColumnDescriptor}.
 *
 * <p>Both kinds are immutable and safe to share between threads.
 */
public sealed interface SchemaNode permits GroupNode, ColumnDescriptor {

    /** The element as written in the footer. */
    SchemaElement element();

    /** Names from below the root down to this node; empty for the root. */
    List<String> path();

    /** Non-REQUIRED nodes on the path, root excluded. */
    int maxDefinitionLevel();

    /** REPEATED nodes on the path, root excluded. */
    int maxRepetitionLevel();

    default String name() {
        return element().name();
    }

    /** The node's repetition; null only for the root. */
    default Repetition repetition() {
        return element().repetition();
    }

    /** The path's names joined with dots. */
    default String dottedPath() {
        return String.join(".", path());
    }
}
