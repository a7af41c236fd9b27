package io.pqlab.bench;

import io.pqlab.bench.pj.Pj;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SplittableRandom;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The footer-heavy file: 1,000 nullable columns of eight kinds, 50 row groups of 20 rows. Almost
 * all of its bytes are footer (50,000 column chunks with statistics), which is what footer
 * decoding benchmarks need.
 */
public final class Wide {
    public static final int COLUMNS = 1000;
    public static final int ROW_GROUPS = 50;
    public static final int ROWS_PER_GROUP = 20;
    static final String[] KINDS = {"i32", "i64", "f64", "str", "bool", "f32", "date", "dec"};

    private Wide() {}

    public static String column(int c) {
        return String.format("col_%04d_%s", c, KINDS[c % KINDS.length]);
    }

    public static MessageType schema() {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (int c = 0; c < COLUMNS; c++) {
            String name = column(c);
            switch (c % KINDS.length) {
                case 0 -> b.optional(PrimitiveTypeName.INT32).named(name);
                case 1 -> b.optional(PrimitiveTypeName.INT64).named(name);
                case 2 -> b.optional(PrimitiveTypeName.DOUBLE).named(name);
                case 3 -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(name);
                case 4 -> b.optional(PrimitiveTypeName.BOOLEAN).named(name);
                case 5 -> b.optional(PrimitiveTypeName.FLOAT).named(name);
                case 6 -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named(name);
                default -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(2, 18)).named(name);
            }
        }
        return b.named("wide");
    }

    static void write(Path target, long seed) throws IOException {
        MessageType schema = schema();
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        SplittableRandom rnd = new SplittableRandom(seed);
        try (ParquetWriter<Group> w = Pj.writer(tmp, schema)
                .withRowGroupRowCountLimit(ROWS_PER_GROUP)
                .build()) {
            for (int row = 0; row < ROW_GROUPS * ROWS_PER_GROUP; row++) {
                Group g = groups.newGroup();
                for (int c = 0; c < COLUMNS; c++) {
                    if (rnd.nextInt(10) == 0) {
                        continue; // null
                    }
                    String name = column(c);
                    switch (c % KINDS.length) {
                        case 0 -> g.append(name, rnd.nextInt());
                        case 1 -> g.append(name, rnd.nextLong());
                        case 2 -> g.append(name, rnd.nextDouble() * 1e6);
                        case 3 -> g.append(name, Binary.fromString(Long.toString(rnd.nextLong() >>> 20, 36) + "-" + row));
                        case 4 -> g.append(name, rnd.nextBoolean());
                        case 5 -> g.append(name, rnd.nextFloat() * 1000f);
                        case 6 -> g.append(name, 18_000 + rnd.nextInt(3_000));
                        default -> g.append(name, rnd.nextLong(100_000_000_00L));
                    }
                }
                w.write(g);
            }
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
