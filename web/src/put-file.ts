/** PUT with upload progress (fetch has none) */
export function putFile(url: string, file: File, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status < 300 ? resolve() : reject(new Error(`${request.status} ${request.responseText}`));
    request.onerror = () => reject(new Error('the connection broke'));
    request.send(file);
  });
}
