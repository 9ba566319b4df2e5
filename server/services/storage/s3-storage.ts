import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, StorageNotFoundError, type FileStorage } from './storage.js';

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO, Ceph and most self-hosted stores want bucket-in-path URLs. */
  forcePathStyle: boolean;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), shared by every app node. The app
 * streams them to people itself (an authorized, signed link of ours), so the bucket stays private
 * and needs no CORS or public endpoint.
 */
export function createS3Storage(s: S3Settings): FileStorage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Newer SDKs add CRC checksums with aws-chunked bodies by default; many S3-compatible stores refuse those.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    kind: 's3',
    async put(key, body, meta) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: body, ContentType: meta.contentType, ContentLength: meta.size }));
    },
    async get(key, range) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        if (!(res.Body instanceof Readable)) throw new Error('The S3 answer has no body stream');
        return res.Body;
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
  };
}
