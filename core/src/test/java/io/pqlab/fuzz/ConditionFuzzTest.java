package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.predicate.Condition;
import io.pqlab.predicate.ConditionException;
import io.pqlab.predicate.Expr;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * The condition parser. Input: the condition's text in UTF-8, or, after a first byte 0xFF, in
 * UTF-16LE (which can hold unpaired surrogates). Only a {@link ConditionException} with a position
 * inside the text may escape; a parsed condition prints to text that parses back to the same tree,
 * before and after NOT is pushed down.
 */
class ConditionFuzzTest {

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    @DictionaryEntries({"AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE", "ESCAPE", "TRUE", "FALSE",
        "DATE '", "TIME '", "TIMESTAMP '", "X'", "Infinity", "NaN", "<=", ">=", "<>", "!=", "\"", "'", "1e308",
        "2024-02-29", "12:34:56.789", "+05:30", "99999999999999999999", "0.5"})
    void parse(byte[] input) {
        String text = input.length > 0 && (input[0] & 0xFF) == 0xFF
                ? new String(input, 1, input.length - 1, StandardCharsets.UTF_16LE)
                : new String(input, StandardCharsets.UTF_8);
        Expr e;
        try {
            e = Condition.parse(text);
        } catch (ConditionException x) {
            require(x.position() >= 0 && x.position() <= text.length(), "position " + x.position() + " in a text of "
                    + text.length() + " chars");
            require(x.reason() != null && !x.reason().isBlank(), "an error without a reason");
            x.caretLine(text);
            return;
        }
        String printed = e.toString();
        require(Condition.parse(printed).equals(e), "\"" + printed + "\" does not parse back to " + e);
        Expr pushed = e.pushNot();
        require(Condition.parse(pushed.toString()).equals(pushed), "\"" + pushed + "\" does not parse back");
    }
}
