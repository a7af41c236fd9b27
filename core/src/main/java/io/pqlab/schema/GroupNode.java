package io.pqlab.schema;

import java.util.List;

/**
 * An inner node of the schema (the root included): a struct, list or map level.
 *
 * <p>Immutable and safe to share between threads.
 */
public record GroupNode(
        SchemaElement element,
        List<String> path,
        int maxDefinitionLevel,
        int maxRepetitionLevel,
        List<SchemaNode> children) implements SchemaNode {}
