package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.Outcome;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binary form of a {@link FeedbackEvent} in the event log, and of forgets ({@link
 * #encodeForget}) and chunk renames ({@link #encodeRenames}), replayed in order with the events
 * around them. Versioned; decoding validates
 * through the record's constructor. Version 2 added each shown result's propensity (a double after
 * its rank; 1 before), version 3 the query class at the end (empty for none).
 */
public final class EventCodec {
  private static final byte VERSION = 3;
  private static final byte WITHOUT_QUERY_CLASS = 2;
  private static final byte WITHOUT_PROPENSITY = 1;
  /** The first byte of a forget record: below every event version. */
  private static final byte FORGET = -1;
  /** The first byte of a renames record. */
  private static final byte RENAMES = -2;
  /** The most bytes of renames one record holds, well below the log's record limit. */
  public static final int RENAMES_BUDGET = 256 * 1024;

  private EventCodec() {}

  /**
   * The format version of an encoded event when it is newer than this code decodes (a newer
   * relearn wrote it), else 0. Such a payload is not damaged: it must be kept, not skipped.
   */
  public static int newerVersion(byte[] payload) {
    return payload.length > 0 && payload[0] > VERSION ? payload[0] : 0;
  }

  /** A short description of the versions this code decodes, for messages. */
  public static String supportedVersions() {
    return "versions " + WITHOUT_PROPENSITY + " to " + VERSION;
  }

  /** Encodes a forget of session {@code sessionHash}, or of everything when it is null. */
  public static byte[] encodeForget(String sessionHash) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(80);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORGET);
      out.writeBoolean(sessionHash == null);
      out.writeUTF(sessionHash == null ? "" : sessionHash);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return bytes.toByteArray();
  }

  /** Whether {@code payload} is a forget ({@link #encodeForget}) rather than an event. */
  public static boolean isForget(byte[] payload) {
    return payload.length > 0 && payload[0] == FORGET;
  }

  /** The session a forget record names, or null for everything; IAE if not a forget record. */
  public static String decodeForget(byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != FORGET) {
        throw new IllegalArgumentException("not a forget record");
      }
      boolean all = in.readBoolean();
      String session = in.readUTF();
      if (in.available() != 0 || all != session.isEmpty()) {
        throw new IllegalArgumentException("damaged forget record of " + payload.length
            + " bytes");
      }
      return all ? null : session;
    } catch (IOException e) {
      throw new IllegalArgumentException("damaged forget record of " + payload.length + " bytes",
          e);
    }
  }

  /**
   * Encodes chunk renames (old id to new id) as records of at most about {@link #RENAMES_BUDGET}
   * bytes each, in the map's order; IllegalArgumentException for an id too long for the format.
   */
  public static List<byte[]> encodeRenames(Map<String, String> renames) {
    List<byte[]> records = new ArrayList<>();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(RENAMES);
      for (Map.Entry<String, String> rename : renames.entrySet()) {
        if (bytes.size() > RENAMES_BUDGET) {
          records.add(bytes.toByteArray());
          bytes.reset();
          out.writeByte(RENAMES);
        }
        writeUtf(out, "a renamed chunk id", rename.getKey());
        writeUtf(out, "a renamed chunk id", rename.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    if (bytes.size() > 1) {
      records.add(bytes.toByteArray());
    }
    return records;
  }

  /** Whether {@code payload} is a renames record ({@link #encodeRenames}). */
  public static boolean isRenames(byte[] payload) {
    return payload.length > 0 && payload[0] == RENAMES;
  }

  /** The renames (old id to new id, in order) a renames record holds; IAE if damaged. */
  public static Map<String, String> decodeRenames(byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != RENAMES) {
        throw new IllegalArgumentException("not a renames record");
      }
      Map<String, String> renames = new LinkedHashMap<>();
      while (in.available() > 0) {
        renames.put(in.readUTF(), in.readUTF());
      }
      return renames;
    } catch (IOException e) {
      throw new IllegalArgumentException("damaged renames record of " + payload.length
          + " bytes", e);
    }
  }

  /**
   * Encodes an event; IllegalArgumentException if it does not fit the format as it is (a count
   * or rank above 65535, a string above 65535 bytes), rather than a cut copy that decodes to
   * another event or to none.
   */
  public static byte[] encode(FeedbackEvent event) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 + 4 * event.queryVector().length);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      writeUtf(out, "the event id", event.eventId());
      writeUtf(out, "the session hash", event.sessionHash());
      float[] vector = event.queryVector();
      out.writeShort(unsignedShort("the query vector's dimension", vector.length));
      // in one piece, as writeFloat would (big-endian; the vector is finite): a stream write per
      // float made an encode 5.8 us of CPU instead of 1.2 (384 dimensions), twice per event
      ByteBuffer floats = ByteBuffer.allocate(Float.BYTES * vector.length);
      floats.asFloatBuffer().put(vector);
      out.write(floats.array());
      out.writeShort(unsignedShort("the number of shown results", event.shown().size()));
      for (ShownResult shown : event.shown()) {
        writeUtf(out, "a shown chunk id", shown.chunkId());
        out.writeShort(unsignedShort("a shown result's rank", shown.rank()));
        out.writeDouble(shown.propensity());
      }
      out.writeShort(unsignedShort("the number of used chunk ids", event.used().size()));
      for (String id : event.used()) {
        writeUtf(out, "a used chunk id", id);
      }
      out.writeByte(event.outcome().ordinal());
      out.writeByte(event.rating() == null ? 0 : event.rating().stars() ? 2 : 1);
      out.writeByte(event.rating() == null ? 0 : event.rating().value());
      out.writeDouble(event.quality() == null ? Double.NaN : event.quality());
      out.writeByte(event.signal().ordinal());
      out.writeLong(event.timestampMillis());
      writeUtf(out, "the query class", event.queryClass() == null ? "" : event.queryClass());
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return bytes.toByteArray();
  }

  /** {@code value}, which the log keeps in two bytes: IllegalArgumentException when above. */
  private static int unsignedShort(String what, int value) {
    if (value > 0xFFFF) {
      throw new IllegalArgumentException(what + " is " + value + "; the feedback log holds at"
          + " most 65535");
    }
    return value;
  }

  /** Writes {@code value} as modified UTF-8: IllegalArgumentException when too long for it. */
  private static void writeUtf(DataOutputStream out, String what, String value)
      throws IOException {
    try {
      out.writeUTF(value);
    } catch (UTFDataFormatException e) {
      throw new IllegalArgumentException(what + " of " + value.length() + " characters is too"
          + " long for the feedback log (at most 65535 bytes of UTF-8)", e);
    }
  }

  /** Decodes an event; IllegalArgumentException if not a valid event of a known version. */
  public static FeedbackEvent decode(byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      byte version = in.readByte();
      if (version != VERSION && version != WITHOUT_QUERY_CLASS
          && version != WITHOUT_PROPENSITY) {
        throw new IllegalArgumentException("unknown event format version " + version);
      }
      String eventId = in.readUTF();
      String session = in.readUTF();
      byte[] vectorBytes = new byte[Float.BYTES * in.readUnsignedShort()];
      in.readFully(vectorBytes); // in one piece: a stream read per float cost most of a decode
      float[] vector = new float[vectorBytes.length / Float.BYTES];
      ByteBuffer.wrap(vectorBytes).asFloatBuffer().get(vector);
      int shownCount = in.readUnsignedShort();
      List<ShownResult> shown = new ArrayList<>(shownCount);
      for (int i = 0; i < shownCount; i++) {
        String chunkId = in.readUTF();
        int rank = in.readUnsignedShort();
        shown.add(new ShownResult(chunkId, rank,
            version == WITHOUT_PROPENSITY ? 1.0 : in.readDouble()));
      }
      int usedCount = in.readUnsignedShort();
      List<String> used = new ArrayList<>(usedCount);
      for (int i = 0; i < usedCount; i++) {
        used.add(in.readUTF());
      }
      Outcome outcome = Outcome.values()[in.readUnsignedByte()];
      int ratingKind = in.readUnsignedByte();
      int ratingValue = in.readByte();
      Rating rating = ratingKind == 0 ? null : new Rating(ratingValue, ratingKind == 2);
      double quality = in.readDouble();
      SignalClass signal = SignalClass.values()[in.readUnsignedByte()];
      long timestamp = in.readLong();
      String queryClass = version == VERSION ? in.readUTF() : "";
      if (in.available() != 0) {
        throw new IllegalArgumentException(in.available() + " unexpected bytes after the event");
      }
      return new FeedbackEvent(eventId, session, vector, shown, used, outcome, rating,
          Double.isNaN(quality) ? null : quality, signal, timestamp,
          queryClass.isEmpty() ? null : queryClass);
    } catch (IOException | ArrayIndexOutOfBoundsException e) {
      throw new IllegalArgumentException("damaged event payload of " + payload.length + " bytes",
          e);
    }
  }
}
