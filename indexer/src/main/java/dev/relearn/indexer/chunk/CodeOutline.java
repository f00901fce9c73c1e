package dev.relearn.indexer.chunk;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The declarations that enclose a line of source code, found by indentation: a declaration line
 * (see {@link CodeLines#isDeclaration}) opens a scope that lasts until a line at the same or a
 * lower indentation. So a method's window of {@code HashMap.java} is enclosed by {@code public
 * class HashMap<K,V> extends AbstractMap<K,V>}, which the chunk then carries as its heading path:
 * shown with the hit, and searched with the text, so that {@code HashMap resize} finds {@code
 * resize()} although its window never names the class.
 *
 * <p>A declaration that ends on its own line with {@code ;} (a field, a prototype) opens no scope.
 * Blank lines, comment lines ({@code //}, {@code /*}, {@code *}, {@code #}), lines holding only an
 * opening brace and C++ access specifiers ({@code public:}, {@code protected:}, {@code private:})
 * close nothing: comments may sit at any indentation, a brace on its own line follows its
 * declaration at the same indentation, and an access specifier is usually at its class's; nor
 * does the name line of a GNU-style definition, which belongs to the return type above it. Lines
 * must be asked for in increasing order; one outline reads a file once.
 */
final class CodeOutline {
  /** An open declaration: its indentation and its text. */
  private record Scope(int indent, String declaration) {}

  private static final Set<String> ACCESS_SPECIFIERS =
      Set.of("public:", "protected:", "private:");

  private final CodeLines lines;
  private final Deque<Scope> open = new ArrayDeque<>(); // innermost last
  private int read; // lines before this one are in `open`

  CodeOutline(CodeLines lines) {
    this.lines = lines;
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
      readLine(read++);
    }
    int indent = lines.indent(line);
    List<String> out = new ArrayList<>(open.size());
    for (Scope scope : open) {
      if (scope.indent() < indent) {
        out.add(scope.declaration());
      }
    }
    return out;
  }

  private void readLine(int i) {
    String line = lines.index().line(i).strip();
    if (line.isEmpty() || closesNothing(line) || lines.continuesDeclaration(i)) {
      return;
    }
    int indent = lines.indent(i);
    while (!open.isEmpty() && open.peekLast().indent() >= indent) {
      open.removeLast();
    }
    if (!line.endsWith(";") && lines.isDeclaration(i)) {
      open.addLast(new Scope(indent, lines.declaration(i))); // a field or prototype opens nothing
    }
  }

  private static boolean closesNothing(String line) {
    return line.equals("{") || line.startsWith("//") || line.startsWith("/*")
        || line.startsWith("*") || line.startsWith("#") || ACCESS_SPECIFIERS.contains(line);
  }
}
