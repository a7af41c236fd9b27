package io.pqlab.predicate;

/**
 * A condition that cannot be parsed: what is wrong, and the 0-based position in the condition's
 * text (a Java {@code char} index) where it was found. The message ends with "at character N";
 * {@link #caretLine(String)} draws the condition with a {@code ^} under that position.
 */
public final class ConditionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Lines longer than this are cut around the position so the caret stays on screen. */
    private static final int WINDOW = 72;

    private final String reason;
    private final int position;

    /** @param position the 0-based position, or -1 where the error belongs to no one character */
    public ConditionException(String reason, int position) {
        super(position >= 0 ? reason + " at character " + position : reason);
        this.reason = reason;
        this.position = position;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }

    /** The 0-based char index in the condition's text; the text's length means "at the end". */
    public int position() {
        return position;
    }

    /**
     * Two lines: the line of {@code text} holding the position (cut to about {@value #WINDOW}
     * columns around it when long), and under it a {@code ^} at the position. Counts code points,
     * keeps tabs, and shows control characters as spaces, so the caret lines up in a terminal.
     */
    public String caretLine(String text) {
        int pos = Math.max(0, Math.min(position, text.length()));
        int lineStart = pos;
        while (lineStart > 0 && text.charAt(lineStart - 1) != '\n' && text.charAt(lineStart - 1) != '\r') {
            lineStart--;
        }
        int lineEnd = pos;
        while (lineEnd < text.length() && text.charAt(lineEnd) != '\n' && text.charAt(lineEnd) != '\r') {
            lineEnd++;
        }
        int from = lineStart;
        int to = lineEnd;
        String head = "";
        String tail = "";
        if (text.codePointCount(from, pos) > WINDOW / 2) {
            from = text.offsetByCodePoints(pos, -(WINDOW / 2));
            head = "...";
        }
        if (text.codePointCount(pos, to) > WINDOW / 2) {
            to = text.offsetByCodePoints(pos, WINDOW / 2);
            tail = "...";
        }
        StringBuilder line = new StringBuilder(head);
        StringBuilder caret = new StringBuilder(" ".repeat(head.length()));
        for (int i = from; i < to; ) {
            int cp = text.codePointAt(i);
            boolean before = i < pos;
            i += Character.charCount(cp);
            if (cp == '\t') {
                line.append('\t');
                if (before) {
                    caret.append('\t');
                }
            } else {
                line.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp);
                if (before) {
                    caret.append(' ');
                }
            }
        }
        line.append(tail);
        caret.append('^');
        return line + "\n" + caret;
    }
}
