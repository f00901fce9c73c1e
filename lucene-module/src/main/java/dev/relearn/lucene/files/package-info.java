/** File-system helpers shared by every module that writes relearn's files. */
package dev.relearn.lucene.files;
