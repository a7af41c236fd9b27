package io.pqlab.cli;

import io.pqlab.predicate.Condition;
import io.pqlab.predicate.ConditionException;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.values.ColumnType;
import io.pqlab.predicate.Binder;

/** Columns named on the command line: by dotted path or by leaf index. */
final class Columns {
    private Columns() {}

    static ColumnDescriptor resolve(Schema schema, String nameOrIndex) {
        if (nameOrIndex.matches("\\d{1,9}")) {
            int i = Integer.parseInt(nameOrIndex);
            if (i >= schema.columnCount()) {
                throw new Main.UserError("there is no column " + i + ": the file has " + schema.columnCount()
                        + " leaf columns, 0 to " + (schema.columnCount() - 1));
            }
            return schema.column(i);
        }
        return schema.column(nameOrIndex); // NoSuchColumnException names the closest columns
    }

    /**
     * A value typed on the command line as a condition literal: as it is where it parses as one
     * ({@code 424242}, {@code 'SE'}, {@code DATE '2024-01-01'}), quoted where the column holds
     * text, dates or times and the value is a bare word.
     */
    static String literal(ColumnDescriptor c, String value) {
        if (parses(value)) {
            return value;
        }
        ColumnType t = Binder.typeOf(c);
        boolean quotable = t.isText() || t.isUuid() || t.isDate() || t.timestampUnit() != null
                || t.timeUnit() != null || !isNumberType(t);
        return quotable ? "'" + value.replace("'", "''") + "'" : value;
    }

    private static boolean isNumberType(ColumnType t) {
        return switch (t.physical()) {
            case INT32, INT64, FLOAT, DOUBLE -> true;
            default -> t.isDecimal() || t.isFloat16();
        };
    }

    private static boolean parses(String value) {
        try {
            Condition.parse("x = " + value);
            return true;
        } catch (ConditionException e) {
            return false;
        }
    }
}
