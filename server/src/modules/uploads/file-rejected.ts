/**
 * A received file its checks refused (not the kind it claims, unreadable, too many pixels). The message
 * tells the uploader what to do, so `receiveSingleFile` answers it as a 400, never as a server fault.
 */
export class FileRejected extends Error {}
