package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Cuts Markdown into {@link ChunkKind#MARKDOWN} sections at ATX headings, and at setext headings
 * (a line after a blank one, underlined with {@code =} or {@code -}), outside fenced code
 * blocks, HTML comments (from a line that starts with {@code <!--} to the first {@code -->})
 * and front matter (a YAML {@code ---} or TOML {@code +++} block on the first line, whose
 * {@code #} lines are comments; it stays in the first section's text). Each section's title is
 * its own heading (empty before the first heading) and its heading path lists the enclosing
 * headings, outermost first, ending with its own. The heading line is
 * counted in the line range but not repeated in the text. Sections over the token budget are cut
 * into overlapping windows that keep the section's title and heading path, as are sections the
 * model would cut off ({@link TokenBudget}).
 */
public final class MarkdownChunker implements Chunker {
  private final TokenBudget budget;

  /**
   * A chunker with the given budget and overlap for oversized sections, whose sections and
   * windows the model of {@code counter} reads whole.
   *
   * @throws IllegalArgumentException as {@link TextChunker#TextChunker(int, int, TokenCounter)}
   */
  public MarkdownChunker(int maxTokens, int overlapTokens, TokenCounter counter) {
    this.budget = new TokenBudget(new WindowSplitter(maxTokens, overlapTokens), counter);
  }

  @Override
  public List<Chunk> chunk(String origin, String path, String text) {
    LineIndex lines = new LineIndex(LineIndex.normalize(text));
    List<Chunk> drafts = new ArrayList<>();
    Deque<MarkdownHeading> open = new ArrayDeque<>();
    MarkdownHeading current = null;
    int sectionStart = 0;
    int bodyStart = 0; // the first line after the section's heading
    String fence = null;
    boolean comment = false;
    for (int i = afterFrontMatter(lines); i < lines.lineCount(); i++) {
      String line = lines.line(i);
      if (fence != null) {
        if (MarkdownHeading.closesFence(line, fence)) {
          fence = null;
        }
        continue;
      }
      if (comment || MarkdownHeading.opensComment(line)) {
        comment = !MarkdownHeading.closesComment(line, comment);
        continue;
      }
      fence = MarkdownHeading.fenceOpening(line);
      MarkdownHeading heading = fence == null ? MarkdownHeading.parse(line) : null;
      int headingLines = 1;
      if (fence == null && heading == null && i + 1 < lines.lineCount()
          && (i == 0 || lines.isBlank(i - 1))) {
        heading = MarkdownHeading.setext(line, lines.line(i + 1));
        headingLines = 2;
      }
      if (heading == null) {
        continue;
      }
      addSection(drafts, origin, path, lines, current, open, sectionStart, bodyStart, i - 1);
      while (!open.isEmpty() && open.peekLast().level() >= heading.level()) {
        open.removeLast();
      }
      open.addLast(heading);
      current = heading;
      sectionStart = i;
      bodyStart = i + headingLines;
      i = bodyStart - 1;
    }
    addSection(drafts, origin, path, lines, current, open, sectionStart, bodyStart,
        lines.lineCount() - 1);
    if (drafts.isEmpty()) { // only headings, no section body: the headings are the text
      open.clear();
      addSection(drafts, origin, path, lines, null, open, 0, 0, lines.lineCount() - 1);
    }
    return ChunkIds.assign(drafts);
  }

  /** The line after a closed front-matter block that opens the text, else 0. */
  private static int afterFrontMatter(LineIndex lines) {
    String open = lines.lineCount() == 0 ? "" : lines.line(0).stripTrailing();
    if (!open.equals("---") && !open.equals("+++")) {
      return 0;
    }
    for (int i = 1; i < lines.lineCount(); i++) {
      String line = lines.line(i).stripTrailing();
      if (line.equals(open) || open.equals("---") && line.equals("...")) {
        return i + 1;
      }
    }
    return 0; // never closed: a thematic break, not front matter
  }

  /**
   * Adds the section of lines {@code first..last}, led by {@code heading} when not null, whose
   * body starts at line {@code bodyStart} (after the heading's one or, setext, two lines).
   */
  private void addSection(List<Chunk> drafts, String origin, String path, LineIndex lines,
      MarkdownHeading heading, Deque<MarkdownHeading> open, int first, int bodyStart, int last) {
    int bodyFirst = bodyStart;
    while (bodyFirst <= last && lines.isBlank(bodyFirst)) {
      bodyFirst++;
    }
    int bodyLast = last;
    while (bodyLast >= bodyFirst && lines.isBlank(bodyLast)) {
      bodyLast--;
    }
    if (bodyFirst > bodyLast) {
      return;
    }
    String title = heading == null ? "" : heading.text();
    List<String> headingPath = open.stream().map(MarkdownHeading::text).toList();
    String body = lines.lines(bodyFirst, bodyLast);
    if (TokenEstimator.estimate(body) <= budget.maxTokens()) {
      Chunk section = ChunkIds.draft(origin, path, ChunkKind.MARKDOWN, title, headingPath,
          (heading == null ? bodyFirst : first) + 1, bodyLast + 1, body);
      if (budget.fits(section)) {
        drafts.add(section);
        return;
      }
    }
    drafts.addAll(budget.split(lines.text(), lines.start(bodyFirst), lines.end(bodyLast),
        span -> ChunkIds.draft(origin, path, ChunkKind.MARKDOWN, title, headingPath,
            lines.indexOf(span.start()) + 1, lines.indexOf(span.end() - 1) + 1,
            lines.text().substring(span.start(), span.end()))));
  }
}
