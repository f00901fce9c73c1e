package dev.relearn.indexer.chunk;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of a source file with cheap token sums and declaration heuristics, and the
 * declarations that enclose each line ({@link #enclosing}), found by indentation: a declaration
 * line (see {@link #isDeclaration}) opens a scope that lasts until a line at the same or a lower
 * indentation. So a method's window of {@code HashMap.java} is enclosed by {@code public class
 * HashMap<K,V> extends AbstractMap<K,V>}, which the chunk then carries as its heading path: shown
 * with the hit, and searched with the text, so that {@code HashMap resize} finds {@code resize()}
 * although its window never names the class.
 *
 * <p>A declaration that ends on its own line with {@code ;} (a field, a prototype) opens no scope.
 * Blank lines, comment lines ({@code //}, {@code /*}, {@code *}, {@code #}), lines holding only an
 * opening brace and C++ access specifiers ({@code public:}, {@code protected:}, {@code private:})
 * close nothing: comments may sit at any indentation, a brace on its own line follows its
 * declaration at the same indentation, and an access specifier is usually at its class's; nor
 * does the name line of a GNU-style definition, which belongs to the return type above it.
 * Enclosing declarations must be asked for in increasing line order: the file is read once.
 */
final class CodeLines {
  /** A boundary before a low-indented declaration, or after a blank line before one. */
  static final int STRONG = 2;
  /** A boundary after any blank line. */
  static final int WEAK = 1;

  private static final int LOW_INDENT = 4;
  private static final int MAX_TITLE_CHARS = 160;
  private static final Set<String> DECLARATION_WORDS = Set.of("class", "interface", "enum",
      "record", "def", "fn", "func", "function", "public", "private", "protected", "impl",
      "struct", "module", "export", "const", "pub", "trait", "fun", "async", "abstract",
      "static", "final", "sealed", "object", "type", "defmodule", "defp", "override", "suspend",
      "internal", "virtual", "namespace", "partial", "protocol", "companion", "inline");
  /** A word, then {@code (} or spaces and a name, a type or a bracket: not an operator. */
  private static final Pattern KEYWORD_START =
      Pattern.compile("(\\p{L}+)(?:\\(|[ \t]+[\\p{L}_<(\\[@*&$])");

  /** A brace alone, a comment line and a C++ access specifier (see above). */
  private static final Pattern CLOSES_NOTHING =
      Pattern.compile("\\{|(?://|/\\*|\\*|#).*|(?:public|protected|private):", Pattern.DOTALL);

  /** An open declaration: its indentation and its text. */
  private record Scope(int indent, String declaration) {}

  private final LineIndex index;
  private final long[] wordsBefore;
  private final long[] piecesBefore;
  /** The return type lines of GNU-style definitions ({@link GnuStyleFunction}). */
  private final BitSet gnuStarts = new BitSet();
  private final Deque<Scope> open = new ArrayDeque<>(); // innermost last
  private int read; // lines before this one are in `open`

  CodeLines(LineIndex index) {
    this.index = index;
    int n = index.lineCount();
    wordsBefore = new long[n + 1];
    piecesBefore = new long[n + 1];
    String text = index.text();
    for (int line = 0; line < n; line++) {
      long[] counts = TokenEstimator.counts(text, index.start(line), index.end(line));
      wordsBefore[line + 1] = wordsBefore[line] + counts[0];
      piecesBefore[line + 1] = piecesBefore[line] + counts[1];
      if (GnuStyleFunction.startsAt(index, line)) {
        gnuStarts.set(line);
      }
    }
  }

  LineIndex index() {
    return index;
  }

  int count() {
    return index.lineCount();
  }

  /** The estimated tokens of lines {@code first} to {@code last}, inclusive. */
  int estimate(int first, int last) {
    return TokenEstimator.estimate(wordsBefore[last + 1] - wordsBefore[first],
        index.end(last) - index.start(first), piecesBefore[last + 1] - piecesBefore[first]);
  }

  /** The first non-blank line at or after {@code line}, or {@link #count()}. */
  int skipBlank(int line) {
    int i = line;
    while (i < count() && index.isBlank(i)) {
      i++;
    }
    return i;
  }

  /** How good a place the start of line {@code k} is to begin a window: 0, WEAK or STRONG. */
  int boundaryBefore(int k) {
    if (k <= 0 || k >= count()) {
      return k >= count() ? STRONG : 0;
    }
    if (index.isBlank(k)) {
      return 0;
    }
    boolean lowIndent = indent(k) <= LOW_INDENT;
    if (lowIndent && isDeclaration(k)) {
      return STRONG;
    }
    if (index.isBlank(k - 1)) {
      return lowIndent ? STRONG : WEAK;
    }
    return 0;
  }

  /**
   * Where a window that would start at line {@code k} starts instead, after line {@code s}: before
   * the annotations, decorators and comment lines right above a declaration at {@code k} (no blank
   * line between, at its indentation, a doc comment's {@code *} lines one column deeper), which
   * belong to it; else at {@code k}.
   */
  int withPrelude(int k, int s) {
    if (k >= count() || !isDeclaration(k)) {
      return k;
    }
    int first = k;
    while (first - 1 > s && isPrelude(first - 1, indent(k))) {
      first--;
    }
    return first;
  }

  private boolean isPrelude(int i, int indent) {
    String line = index.line(i).strip();
    int at = indent(i);
    if (line.startsWith("*")) {
      return at == indent || at == indent + 1;
    }
    return at == indent && (line.startsWith("@") || line.startsWith("//")
        || line.startsWith("/*") || line.startsWith("#") || line.startsWith("--"));
  }

  /**
   * The declarations enclosing line {@code line}, outermost first: the open ones indented less
   * than it.
   *
   * @throws IllegalArgumentException if {@code line} is before a line asked for earlier
   */
  List<String> enclosing(int line) {
    if (line < read) {
      throw new IllegalArgumentException(
          "lines must be asked for in increasing order, got " + line + " after " + read);
    }
    while (read < line) {
      readOutline(read++);
    }
    int indent = indent(line);
    List<String> out = new ArrayList<>(open.size());
    for (Scope scope : open) {
      if (scope.indent() < indent) {
        out.add(scope.declaration());
      }
    }
    return out;
  }

  private void readOutline(int i) {
    String line = index.line(i).strip();
    if (line.isEmpty() || closesNothing(line) || continuesDeclaration(i)) {
      return;
    }
    int indent = indent(i);
    while (!open.isEmpty() && open.peekLast().indent() >= indent) {
      open.removeLast();
    }
    if (!line.endsWith(";") && isDeclaration(i)) {
      open.addLast(new Scope(indent, declaration(i))); // a field or prototype opens nothing
    }
  }

  private static boolean closesNothing(String line) {
    return CLOSES_NOTHING.matcher(line).matches();
  }

  /**
   * The first declaration line among {@code first..last} that does not end with {@code ;},
   * trimmed, or empty: a field, a prototype or a local variable ({@code struct node *n =
   * malloc(sizeof *n);}) is no title, as it opens no scope.
   */
  String title(int first, int last) {
    for (int i = first; i <= last; i++) {
      if (isDeclaration(i) && !index.line(i).strip().endsWith(";")) {
        return declaration(i);
      }
    }
    return "";
  }

  /**
   * Line {@code i} as a title or heading: trimmed, without a trailing opening brace, at most
   * {@value #MAX_TITLE_CHARS} characters; for the return type of a GNU-style definition, with its
   * name's line: {@code static int foo (int a)}.
   */
  String declaration(int i) {
    String line = gnuStarts.get(i) ? GnuStyleFunction.joined(index, i) : index.line(i).strip();
    if (line.endsWith("{")) {
      line = line.substring(0, line.length() - 1).stripTrailing();
    }
    return line.length() <= MAX_TITLE_CHARS ? line : line.substring(0, MAX_TITLE_CHARS);
  }

  /**
   * Whether line {@code i} starts with a declaration keyword followed by '(' or by a space and
   * then a name, a type or a bracket: not an operator, so that {@code type = 3} or {@code
   * static.x} is no declaration; or is a function definition without a keyword, such as C's
   * <code>int main(int argc, char **argv) {</code> ({@link CStyleFunction}); or is the return
   * type line of a GNU-style definition ({@link GnuStyleFunction}). The name line under such a
   * return type is none: it {@linkplain #continuesDeclaration continues} one.
   */
  boolean isDeclaration(int i) {
    if (continuesDeclaration(i)) {
      return false;
    }
    String line = index.line(i).strip();
    return gnuStarts.get(i) || startsWithKeyword(line)
        || CStyleFunction.matches(line, indent(i) == 0);
  }

  /** Whether line {@code i} is the name line of a GNU-style definition begun on the line above. */
  boolean continuesDeclaration(int i) {
    return i > 0 && gnuStarts.get(i - 1);
  }

  private static boolean startsWithKeyword(String line) {
    Matcher keyword = KEYWORD_START.matcher(line);
    return keyword.lookingAt() && DECLARATION_WORDS.contains(keyword.group(1));
  }

  /** The indentation of line {@code i} in columns, a tab counting 4. */
  int indent(int i) {
    String text = index.text();
    int columns = 0;
    for (int c = index.start(i); c < index.end(i); c++) {
      char ch = text.charAt(c);
      if (ch == ' ') {
        columns++;
      } else if (ch == '\t') {
        columns += 4;
      } else {
        break;
      }
    }
    return columns;
  }
}
