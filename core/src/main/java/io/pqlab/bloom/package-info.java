/**
 * Split-block Bloom filters (BloomFilter.md): {@link io.pqlab.bloom.BloomFilterReader} reads a
 * chunk's header and bitset into a {@link io.pqlab.bloom.BloomFilter}, or says why the filter is
 * ignored; {@link io.pqlab.bloom.BloomFilter#probe} shows each step of a membership test, and
 * {@link io.pqlab.bloom.BloomFilter#mightContain(long)} is the allocation-free form.
 * {@link io.pqlab.bloom.XxHash64} hashes a value's PLAIN bytes.
 */
package io.pqlab.bloom;
