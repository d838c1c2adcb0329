/** The ingest calls' messages (zh-CN). */
const list = (indexes: number[]) =>
  indexes.slice(0, 5).join('、') + (indexes.length > 5 ? ` 等 ${indexes.length} 个` : '');

export const ingestMessages = {
  tooManyOpen: (max: number) => `未完成的上传过多：最多同时 ${max} 个，请先完成之前的上传`,
  noUpload: '上传不存在或已过期：请先调用 /admin-api/uploads/check',
  indexRange: (count: number) => `index 超出范围：共 ${count} 个分片`,
  chunkSize: (index: number, expected: number, got: number) =>
    `分片 ${index} 大小不正确：应为 ${expected} 字节，收到 ${got} 字节`,
  missingChunks: (indexes: number[]) => `缺少分片或分片大小不正确：${list(indexes)}，请上传后再合并`,
  sizeMismatch: (expected: number, got: number) => `文件大小不符：应为 ${expected} 字节，合并后为 ${got} 字节`,
  md5Mismatch: 'MD5 校验失败：文件内容与 fileId 不符，请重新上传',
  notVideo: '文件内容不是 MP4、MOV、WebM 或 MKV 视频',
  videoOff:
    '视频上传已关闭：服务器没有可用的 ffmpeg。请在服务器上安装 Debian 的 ffmpeg（apt-get install ffmpeg）或以 FFMPEG_PATH 指定，然后重启服务',
  notMerged: 'fileId 不是已合并的上传：请先完成上传并合并',
  movieMissing: '影片不存在',
  episodeMissing: '剧集不存在',
  jobMissing: '任务不存在',
  numberTaken: (n: number) => `number：第 ${n} 集已存在`,
  notFailed: '任务未失败，无需重试',
  notRetryable: '该文件无法转码，重试会同样失败：请重新上传视频',
  superseded: '该剧集已有更新的任务，请查看最新任务',
  sourceGone: '源文件已不存在：请重新上传视频',
  chunkBody: 'chunk：请求体须为分片的字节（application/octet-stream）',
};
