package dev.relearn.feedback.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventTest {
  private static final float[] VECTOR = {0.6f, 0.8f};

  static FeedbackEvent event(String id, Outcome outcome, Double quality, SignalClass signal) {
    return new FeedbackEvent(id, "s1", VECTOR,
        List.of(new ShownResult("a", 1), new ShownResult("b", 2), new ShownResult("c", 20)),
        List.of("b"), outcome, Rating.stars(4), quality, signal, 1_000L, null);
  }

  @Test
  void codecRoundTripsEveryField() {
    Random random = new Random(3);
    for (int i = 0; i < 50; i++) {
      float[] vector = new float[384];
      for (int j = 0; j < vector.length; j++) {
        vector[j] = random.nextFloat() - 0.5f;
      }
      FeedbackEvent event = new FeedbackEvent("e-" + i, "h" + i, vector,
          List.of(new ShownResult("doc#1", 1 + random.nextInt(10), 1 - random.nextDouble())),
          List.of("doc#1", "x"),
          Outcome.values()[random.nextInt(3)], random.nextBoolean() ? null : Rating.thumbs(true),
          random.nextBoolean() ? null : random.nextDouble(),
          SignalClass.values()[random.nextInt(4)], random.nextLong(1L << 50), null);
      FeedbackEvent back = EventCodec.decode(EventCodec.encode(event));
      assertEquals(event.toString(), back.toString());
      assertArrayEquals(event.queryVector(), back.queryVector());
      assertEquals(event.rating(), back.rating());
      assertEquals(event.quality(), back.quality());
    }
  }

  @Test
  void anEventTheLogCannotHoldAsItIsIsRefusedBeforeItIsLogged() {
    FeedbackEvent farDown = new FeedbackEvent("e", "s1", VECTOR,
        List.of(new ShownResult("a", 65_537)), List.of("a"), Outcome.SUCCESS, null, null,
        SignalClass.STRONG, 5L, null); // a rank of 1 once cut to the log's two bytes
    IllegalArgumentException rank =
        assertThrows(IllegalArgumentException.class, () -> EventCodec.encode(farDown));
    assertTrue(rank.getMessage().contains("65537"), rank.getMessage());
    FeedbackEvent longId = new FeedbackEvent("e", "s1", VECTOR,
        List.of(new ShownResult("x".repeat(70_000), 1)), List.of("a"), Outcome.SUCCESS, null,
        null, SignalClass.STRONG, 5L, null);
    IllegalArgumentException id =
        assertThrows(IllegalArgumentException.class, () -> EventCodec.encode(longId));
    assertTrue(id.getMessage().contains("chunk id"), id.getMessage());
  }

  @Test
  void encodingWritesTheVectorAsDataOutputWritesFloats() throws Exception {
    float[] vector = {0.6f, -0.8f, Float.MIN_VALUE, -0.0f};
    FeedbackEvent event = new FeedbackEvent("e", "s1", vector, List.of(new ShownResult("a", 1)),
        List.of("a"), Outcome.SUCCESS, null, null, SignalClass.STRONG, 5L, null);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
      out.writeByte(3);
      out.writeUTF("e");
      out.writeUTF("s1");
      out.writeShort(vector.length);
      for (float v : vector) {
        out.writeFloat(v);
      }
      out.writeShort(1);
      out.writeUTF("a");
      out.writeShort(1);
      out.writeDouble(1.0);
      writeUsedAndTail(out);
      out.writeUTF("");
    }
    assertArrayEquals(bytes.toByteArray(), EventCodec.encode(event)); // logs stay readable
  }

  /** Used chunk "a", a success without rating or quality, a strong signal at time 5. */
  private static void writeUsedAndTail(java.io.DataOutputStream out) throws java.io.IOException {
    out.writeShort(1);
    out.writeUTF("a");
    out.writeByte(Outcome.SUCCESS.ordinal());
    out.writeByte(0);
    out.writeByte(0);
    out.writeDouble(Double.NaN);
    out.writeByte(SignalClass.STRONG.ordinal());
    out.writeLong(5L);
  }

  @Test
  void version1PayloadsDecodeWithPropensityOne() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
      out.writeByte(1);
      out.writeUTF("old");
      out.writeUTF("s1");
      out.writeShort(2);
      out.writeFloat(0.6f);
      out.writeFloat(0.8f);
      out.writeShort(1);
      out.writeUTF("a");
      out.writeShort(3);
      writeUsedAndTail(out);
    }
    FeedbackEvent old = EventCodec.decode(bytes.toByteArray());
    assertEquals(List.of(new ShownResult("a", 3, 1.0)), old.shown());
    assertEquals(Outcome.SUCCESS, old.outcome());
  }

  @Test
  void propensityOutsideItsRangeIsRejected() {
    assertEquals("propensity must be in (0, 1], got: 0.0 for a", assertThrows(
        IllegalArgumentException.class, () -> new ShownResult("a", 1, 0)).getMessage());
  }

  @Test
  void damagedPayloadsFailClearly() {
    byte[] bytes = EventCodec.encode(event("e", Outcome.SUCCESS, null, SignalClass.STRONG));
    byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 3);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> EventCodec.decode(cut))
        .getMessage().contains("damaged event payload"));
    bytes[0] = 9;
    assertTrue(assertThrows(IllegalArgumentException.class, () -> EventCodec.decode(bytes))
        .getMessage().contains("version 9"));
  }

  @Test
  void validationNamesTheBadValue() {
    assertEquals("used must name at least one chunk id", assertThrows(
        IllegalArgumentException.class, () -> new FeedbackEvent("e", "s", VECTOR, List.of(),
            List.of(), Outcome.NONE, null, null, SignalClass.WEAK, 0, null)).getMessage());
    assertEquals("shown must not contain null", assertThrows(IllegalArgumentException.class,
        () -> new FeedbackEvent("e", "s", VECTOR, java.util.Arrays.asList(
            new ShownResult("a", 1), null), List.of("a"), Outcome.NONE, null, null,
            SignalClass.WEAK, 0, null)).getMessage());
    assertEquals("quality must be in [0, 1], got: 1.5", assertThrows(IllegalArgumentException.class,
        () -> event("e", Outcome.NONE, 1.5, SignalClass.STRONG)).getMessage());
    assertEquals("a star rating must be 1 to 5, got: 6",
        assertThrows(IllegalArgumentException.class, () -> Rating.parse("6")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Rating.parse("great"));
    for (String bad : List.of("+2", "+5", " 3", "up ", "\u0663")) { // "+2" read as 2 stars
      assertEquals("bad rating: '" + bad + "'; expected +1, -1, up, down or 1 to 5 stars",
          assertThrows(IllegalArgumentException.class, () -> Rating.parse(bad)).getMessage());
    }
    assertEquals(Rating.stars(3), Rating.parse("3"));
    assertEquals(Rating.thumbs(true), Rating.parse("UP"), "labels are read in any case");
    assertEquals(Rating.thumbs(false), Rating.parse("Down"));
    assertThrows(IllegalArgumentException.class, () -> new FeedbackEvent("has space", "s", VECTOR,
        List.of(), List.of("a"), Outcome.NONE, null, null, SignalClass.WEAK, 0, null));
    assertThrows(IllegalArgumentException.class, () -> new FeedbackEvent("e", "s",
        new float[] {Float.NaN}, List.of(), List.of("a"), Outcome.NONE, null, null,
        SignalClass.WEAK, 0, null));
  }

  @Test
  void vectorIsCopiedInAndOut() {
    float[] vector = VECTOR.clone();
    FeedbackEvent event = new FeedbackEvent("e", "s", vector, List.of(), List.of("a"),
        Outcome.NONE, null, null, SignalClass.WEAK, 0, null);
    vector[0] = 9f;
    event.queryVector()[1] = 9f;
    assertArrayEquals(VECTOR, event.queryVector());
  }

  @Test
  void evidenceFollowsPositionAndQualityRules() {
    EventEvidence evidence = new EventEvidence(1.0);
    Map<String, ChunkEvidence> success =
        evidence.of(event("e", Outcome.SUCCESS, null, SignalClass.STRONG));
    assertEquals(new ChunkEvidence(1.0, 0, 0, 0), success.get("a"));
    assertEquals(new ChunkEvidence(0.5, 1, 1, 0), success.get("b"));
    assertEquals(new ChunkEvidence(0.1, 0, 0, 0), success.get("c"), "examination clipped at 0.1");
    Map<String, ChunkEvidence> acceptable =
        evidence.of(event("e", Outcome.SUCCESS, 0.6, SignalClass.STRONG));
    assertEquals(0.6, acceptable.get("b").clicks(), 1e-12);
    assertTrue(evidence.of(event("e", Outcome.SUCCESS, 0.4, SignalClass.STRONG)).isEmpty(),
        "ambiguous: recorded, not learned");
    Map<String, ChunkEvidence> failure =
        evidence.of(event("e", Outcome.FAILURE, 0.9, SignalClass.WEAK));
    assertEquals(new ChunkEvidence(0.5, 0.5, 0, 0.5), failure.get("b"));
    assertEquals(Learnability.NEGATIVE, Learnability.of(Outcome.FAILURE, 0.9));
    assertEquals(new ChunkEvidence(0.5, 0.5, 0, 0.5),
        evidence.of(event("e", Outcome.FAILURE, 0.3, SignalClass.WEAK)).get("b"),
        "a failure is negative evidence whatever its quality (the designs' 'failure: negative')");
    assertEquals(Learnability.STRONG_POSITIVE, Learnability.of(Outcome.SUCCESS, 0.7));
  }

  @Test
  void signalClassesFollowHowTheChunkWasFound() {
    assertEquals(SignalClass.VERY_STRONG, SignalClass.of(true, true, false));
    assertEquals(SignalClass.STRONG, SignalClass.of(true, false, false));
    assertEquals(SignalClass.DISCOVERY, SignalClass.of(false, false, true));
    assertEquals(SignalClass.WEAK, SignalClass.of(false, false, false));
  }

  @Test
  void sessionHashesAreSaltedStableAndOwnerOnly(@TempDir Path dir) throws Exception {
    SessionHasher hasher = SessionHasher.open(dir);
    String hash = hasher.hash("alice");
    assertEquals(32, hash.length());
    assertEquals(hash, SessionHasher.open(dir).hash("alice"));
    assertNotEquals(hash, hasher.hash("bob"));
    assertEquals("rw-------", PosixFilePermissions.toString(
        Files.getPosixFilePermissions(dir.resolve(SessionHasher.SALT_FILE))));
    Path other = Files.createDirectories(dir.resolve("other"));
    assertNotEquals(hash, SessionHasher.open(other).hash("alice"), "salt is per install");
    // lone surrogates would all be '?' in UTF-8: one hash, so one forget, for three sessions
    assertEquals(hasher.hash("a\u00e9\ud83d\ude00"), hasher.hash("a\u00e9\ud83d\ude00"));
    for (String broken : List.of("a\ud800", "a\udc00", "\ude00a\ud83d")) {
      assertTrue(assertThrows(IllegalArgumentException.class, () -> hasher.hash(broken))
          .getMessage().startsWith("a session id must be valid Unicode"), broken);
    }
  }

  @Test
  void processesCreatingTheSaltAtOnceAgreeOnOne(@TempDir Path dir) throws Exception {
    int opens = 4; // as many processes opening one new folder at once (nothing locks it yet)
    try (ExecutorService threads = Executors.newFixedThreadPool(opens)) {
      for (int round = 0; round < 40; round++) {
        Path folder = Files.createDirectories(dir.resolve("f" + round));
        CyclicBarrier start = new CyclicBarrier(opens);
        List<Future<String>> hashes = new ArrayList<>();
        for (int i = 0; i < opens; i++) {
          hashes.add(threads.submit(() -> {
            start.await();
            return SessionHasher.open(folder).hash("alice");
          }));
        }
        String kept = SessionHasher.open(folder).hash("alice");
        for (Future<String> hash : hashes) {
          assertEquals(kept, hash.get(), "round " + round + ": an open used a salt not kept");
        }
        try (Stream<Path> files = Files.list(folder)) {
          assertEquals(List.of(SessionHasher.SALT_FILE),
              files.map(f -> f.getFileName().toString()).toList(), "round " + round);
        }
      }
    }
  }

  @Test
  void anEventWithoutASessionIsASessionOfItsOwn(@TempDir Path dir) throws Exception {
    SessionHasher hasher = SessionHasher.open(dir);
    String first = hasher.forEvent(null, "e-1");
    assertEquals(first, hasher.forEvent(null, "e-1"), "a retry counts under the same session");
    assertNotEquals(first, hasher.forEvent(null, "e-2"));
    for (String named : new String[] {"e-1", "\u00ffe-1", "\u0000e-1", "anonymous"}) {
      assertNotEquals(first, hasher.hash(named), "no named session shares it: " + named);
    }
    assertThrows(IllegalArgumentException.class, () -> hasher.hash(" "), "blank is no name");
    assertEquals(hasher.hash("alice"), hasher.forEvent("alice", "e-1"));
  }

  @Test
  void eventIdsAreCheckedByName() {
    FeedbackEvent.requireValidEventId("k1#2-strong");
    for (String bad : new String[] {"", "a b", "é", "x".repeat(129)}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> FeedbackEvent.requireValidEventId(bad));
      assertTrue(e.getMessage().startsWith("event id must be 1 to 128 printable ASCII"
          + " characters without spaces, got: '"), e.getMessage());
    }
  }
}
