package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MarkdownChunkerTest {
  private static final String DOC = """
      Intro before any heading.

      # Guide

      Guide text.

      ## Install

      Run the installer.
      Then restart.

      ### Linux ###

      Use the package.

      ## Usage

      Call it.

      # Reference
      Reference text.
      """;

  private static List<Chunk> chunk(String text) {
    return new MarkdownChunker(512, 64, TokenCounter.UNLIMITED).chunk("/origin", "docs/guide.md", text);
  }

  @Test
  void sectionsKeepHeadingPathsTitlesAndLineRanges() {
    List<Chunk> chunks = chunk(DOC);
    assertEquals(List.of("", "Guide", "Install", "Linux", "Usage", "Reference"),
        chunks.stream().map(Chunk::title).toList());
    assertEquals(List.of(List.of(), List.of("Guide"), List.of("Guide", "Install"),
        List.of("Guide", "Install", "Linux"), List.of("Guide", "Usage"), List.of("Reference")),
        chunks.stream().map(Chunk::headingPath).toList());
    assertEquals(List.of(1, 1, 3, 5, 7, 10, 12, 14, 16, 18, 20, 21),
        chunks.stream().flatMap(c -> java.util.stream.Stream.of(c.startLine(), c.endLine()))
            .toList());
    assertEquals("Run the installer.\nThen restart.", chunks.get(2).text());
    chunks.forEach(c -> assertEquals(ChunkKind.MARKDOWN, c.kind()));
    chunks.forEach(c -> assertEquals("/origin", c.origin()));
  }

  @Test
  void setextHeadingsCutSectionsAsAtxHeadingsDo() {
    List<Chunk> chunks = chunk("""
        Project
        =======

        About it.

        Install
        -------

        Run make.
        Then make install.
        ---

        Not a heading: a line of text before a thematic break is a setext heading's text only
        when a blank line precedes it.

        - a list item
        ---

        | a | b |
        |---|---|
        """);
    assertEquals(List.of("Project", "Install"), chunks.stream().map(Chunk::title).toList());
    assertEquals(List.of(List.of("Project"), List.of("Project", "Install")),
        chunks.stream().map(Chunk::headingPath).toList());
    assertEquals(List.of(1, 4, 6, 20), chunks.stream()
        .flatMap(c -> java.util.stream.Stream.of(c.startLine(), c.endLine())).toList());
    assertEquals("About it.", chunks.get(0).text());
    assertTrue(chunks.get(1).text().startsWith("Run make."), chunks.get(1).text());
  }

  @Test
  void frontMatterCommentsAreNotHeadings() {
    List<Chunk> chunks =
        chunk("---\ntitle: Guide\n# a YAML comment\n---\n\nIntro.\n\n# Usage\n\nCall it.\n");
    assertEquals(List.of("", "Usage"), chunks.stream().map(Chunk::title).toList());
    assertTrue(chunks.get(0).text().contains("# a YAML comment"), chunks.get(0).text());
    assertEquals(List.of("", "Usage"),
        chunk("+++\n# toml comment\n+++\nIntro.\n# Usage\nCall it.\n").stream()
            .map(Chunk::title).toList());
    assertEquals(List.of("", "Heading"), chunk("---\n\n# Heading\n\nText.\n").stream()
        .map(Chunk::title).toList(), "an unclosed --- is a thematic break");
  }

  @Test
  void headingsInsideFencedCodeAreNotSections() {
    String text = """
        # Shell

        ```bash
        # not a heading
        echo hi
        ```

        ~~~~
        ## also not a heading
        ```
        ### still inside the tilde fence
        ~~~~

        ## Next
        done
        """;
    List<Chunk> chunks = chunk(text);
    assertEquals(List.of("Shell", "Next"), chunks.stream().map(Chunk::title).toList());
    assertTrue(chunks.get(0).text().contains("# not a heading"));
    assertTrue(chunks.get(0).text().contains("### still inside the tilde fence"));
    assertEquals(1, chunks.get(0).startLine());
    assertEquals(12, chunks.get(0).endLine());
  }

  @Test
  void headingsInsideHtmlCommentsAreNotSections() {
    String text = """
        # Keys

        Rotate the keys.

        <!--
        # not a heading
        Title
        =====
        -->
        still keys

          <!-- a one-line comment -->
        # Next
        <!-- opens here
        ## also hidden -->
        done
        """;
    List<Chunk> chunks = chunk(text);
    assertEquals(List.of("Keys", "Next"), chunks.stream().map(Chunk::title).toList());
    assertTrue(chunks.get(0).text().contains("# not a heading"), chunks.get(0).text());
    assertEquals(12, chunks.get(0).endLine());
    assertTrue(chunks.get(1).text().contains("## also hidden -->"), chunks.get(1).text());
    assertEquals(List.of("", "Usage"), chunk("Intro <!--\n# Usage\nCall it. -->\n").stream()
        .map(Chunk::title).toList(), "a comment inside a paragraph does not hide a heading");
  }

  @Test
  void notEveryHashIsAHeading() {
    List<Chunk> chunks = chunk("#hashtag\n    # indented code\n####### seven\ntext\n");
    assertEquals(1, chunks.size());
    assertEquals("", chunks.get(0).title());
  }

  @Test
  void aHashBeforeALineSeparatorIsNoHeading() {
    List<Chunk> chunks = chunk("#\u2028\ntext\n");
    assertEquals(List.of(), chunks.get(0).headingPath());
    assertEquals("#\u2028\ntext", chunks.get(0).text());
  }

  @Test
  void unchangedSectionsKeepTheirIdsWhenAnotherSectionIsEdited() {
    List<Chunk> before = chunk(DOC);
    List<Chunk> after = chunk(DOC.replace("Call it.", "Call it twice, then\nwait a while."));
    assertEquals(before.size(), after.size());
    for (int i = 0; i < before.size(); i++) {
      if (i == 4) {
        assertNotEquals(before.get(i).id(), after.get(i).id());
      } else {
        assertEquals(before.get(i).id(), after.get(i).id(), "section " + i);
      }
    }
    assertTrue(before.get(2).id().startsWith("docs/guide.md#"), before.get(2).id());
  }

  @Test
  void identicalSectionsGetNumberedIds() {
    List<Chunk> chunks = chunk("# A\nsame\n# A\nsame\n# A\nsame\n");
    assertEquals(3, chunks.size());
    assertEquals(chunks.get(0).id() + "~2", chunks.get(1).id());
    assertEquals(chunks.get(0).id() + "~3", chunks.get(2).id());
  }

  @Test
  void oversizedSectionsAreSplitKeepingTheHeadingPath() {
    String body = ProseGenerator.paragraphs(new Random(11), 40);
    String text = "# Top\n\n## Long\n\n" + body + "\n\n## After\nshort\n";
    List<Chunk> chunks = new MarkdownChunker(200, 20, TokenCounter.UNLIMITED).chunk("/o", "long.md", text);
    List<Chunk> longs = chunks.stream().filter(c -> c.title().equals("Long")).toList();
    assertTrue(longs.size() > 3, "expected the section to be split, got " + longs.size());
    int bodyLines = (int) body.lines().count();
    for (Chunk c : longs) {
      assertEquals(List.of("Top", "Long"), c.headingPath());
      assertTrue(c.tokenEstimate() <= 200, c.tokenEstimate() + " tokens");
      assertTrue(c.startLine() >= 5 && c.endLine() <= 4 + bodyLines, c.toString());
      String[] lines = text.split("\n", -1);
      assertTrue(lines[c.startLine() - 1].endsWith(c.text().lines().findFirst().orElseThrow()));
    }
    Chunk after = chunks.get(chunks.size() - 1);
    assertEquals(List.of("Top", "After"), after.headingPath());
    assertEquals(6 + bodyLines, after.startLine());
  }

  @Test
  void aFileOfHeadingsOnlyIsOneChunkOfItsHeadings() {
    List<Chunk> chunks = chunk("\n# Release plan\n\n## Milestones\n");
    assertEquals(1, chunks.size(), "not skipped without a word");
    assertEquals("# Release plan\n\n## Milestones", chunks.get(0).text());
    assertEquals(2, chunks.get(0).startLine());
    assertEquals(4, chunks.get(0).endLine());
    assertEquals(List.of(), chunk("\n  \n"), "a blank file has nothing to index");
  }

  @Test
  void crlfLineEndingsAreHandled() {
    List<Chunk> chunks = chunk(DOC.replace("\n", "\r\n"));
    assertEquals(chunk(DOC), chunks);
  }
}
