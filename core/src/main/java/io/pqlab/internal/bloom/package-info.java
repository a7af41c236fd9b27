/**
 * Split-block Bloom filters (BloomFilter.md): {@link io.pqlab.internal.bloom.BloomFilterReader} reads a
 * chunk's header and bitset into a {@link io.pqlab.internal.bloom.BloomFilter}, or says why the filter is
 * ignored; {@link io.pqlab.internal.bloom.BloomFilter#probe} shows each step of a membership test, and
 * {@link io.pqlab.internal.bloom.BloomFilter#mightContain(long)} is the allocation-free form.
 * {@link io.pqlab.internal.bloom.XxHash64} hashes a value's PLAIN bytes.
 */
package io.pqlab.internal.bloom;
