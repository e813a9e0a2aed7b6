/**
 * Generated from sdk/openapi.json by openapi-typescript (npm run sdk:generate). Do not edit: npm run sdk:check fails
 * when this file differs from a fresh generation.
 */

export interface paths {
  '/admin/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every customer */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              customers: {
                id: string;
                name: string;
                buildingOwnerId: string | null;
                /** @description the role the caller acts with in the customer; null when they reach only some of its projects */
                role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a customer and invite its first administrators */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
            buildingOwnerId?: string | null;
            adminEmails?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              buildingOwnerId: string | null;
              /** @description the role the caller acts with in the customer; null when they reach only some of its projects */
              role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/documents/{documentId}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Explain a document's processing: its states and every job for it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A document explained */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              document: {
                id: string;
                buildingId: string;
                filename: string;
                /** @description pending until the file has arrived, then uploaded */
                uploadState: string;
                uploadedAt: string | null;
                processedAt: string | null;
                archivedAt: string | null;
                processingError: string | null;
                flags: {
                  [key: string]: boolean;
                };
                pageCount: number;
                chunkCount: number;
                classification: {
                  categorised: boolean;
                  buildingCategory: string | null;
                  source: string | null;
                };
              };
              jobs: {
                id: string;
                name: string;
                /** @description created, retry, active, completed, cancelled or failed */
                state: string;
                retryCount: number;
                retryLimit: number;
                /** Format: date-time */
                createdAt: string;
                startedAt: string | null;
                completedAt: string | null;
                /** @description the outcome of the job, or the error of its last failed attempt */
                output: unknown;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/documents/{documentId}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Restore an archived (deleted) document */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              filename: string;
              title?: string;
              originalPath: string;
              buildingCategory: string | null;
              discipline: string | null;
              informationType: string | null;
              informationTypes: string[];
              isDrawing: boolean;
              isSchemaDrawing: boolean;
              serialNumber: string | null;
              size: number;
              md5Checksum: string | null;
              corrupt: boolean;
              drawingDate: string | null;
              drawingNumber: string | null;
              drawingRevision: string | null;
              drawingType: string | null;
              /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
              /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
              uploadedBy: string | null;
              floor: string | null;
              originalCreatedAt: string | null;
              asBuilt: boolean;
              externalIds?: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
              processedAt: string | null;
              /** @description the file was stored but its text could not be read */
              textExtractionError: boolean;
              /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
              duplicateOf: string | null;
              /** @description beyond the partner spec: what became of the document's processing, and why */
              processing: {
                /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                outcome: 'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                reason: string | null;
              };
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/keys/{keyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a key; it and its session tokens stop working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description key id */
          keyId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/mail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Outgoing mail and its delivery */
    get: {
      parameters: {
        query: {
          status?: 'queued' | 'sent' | 'failed';
          limit: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              messages: {
                id: string;
                kind: string;
                to: string[];
                subject: string;
                status: 'queued' | 'sent' | 'failed';
                attempts: number;
                lastError: string | null;
                deliveryRef: string | null;
                /** Format: date-time */
                createdAt: string;
                sentAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/partners': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Partner organisations */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              partners: {
                id: string;
                name: string;
                /** Format: date-time */
                createdAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a partner organisation */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/partners/{partnerId}/building_owners/{buildingOwnerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Give a partner an existing building owner */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description partner id */
          partnerId: string;
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/partners/{partnerId}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A partner's keys (never the keys themselves) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description partner id */
          partnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              keys: {
                id: string;
                partnerId: string;
                name: string | null;
                keyPrefix: string;
                environment: 'live' | 'test';
                buildingOwnerIds: string[];
                buildingIds: string[];
                /** Format: date-time */
                createdAt: string;
                revokedAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create an API key (shown once). Without grants it reaches every building owner of the partner. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description partner id */
          partnerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            buildingOwnerIds?: string[];
            buildingIds?: string[];
            environment?: 'live' | 'test';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              /** @description fk_live_... — shown only in this response */
              key: string;
              partnerId: string;
              buildingOwnerIds: string[];
              buildingIds: string[];
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/projects/{projectId}/handover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Hand a project over to a building owner (or report what a handover would do) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the building owner of the document platform that receives the project */
            buildingOwnerId: string;
            /** @description report what would move and what is incomplete; change nothing */
            dryRun?: boolean;
            /** @description the deficiency checklist run on each building: NO (TEK17, default) or GB (Building Safety Act) */
            country?: 'NO' | 'GB';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string | null;
              dryRun: boolean;
              project: {
                id: string;
                name: string;
                projectNumber: string | null;
                customerId: string;
                customerName: string;
              };
              buildingOwner: {
                id: string;
                name: string;
              };
              /** Format: date-time */
              at: string;
              by: {
                userId: string | null;
                name: string;
              };
              summary: {
                buildings: number;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deliveries: number;
                informationTypesExpected: number;
                informationTypesDelivered: number;
                informationTypesApproved: number;
                informationTypesDeclined: number;
                incomplete: number;
              };
              deliveries: {
                id: string;
                label: string;
                buildingCategory: string;
                fullCategory: string;
                discipline: string | null;
                subcontractor: {
                  id: string;
                  companyName: string;
                } | null;
                state: string;
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                informationTypes: {
                  informationType: string;
                  expected: boolean;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                  comment: string | null;
                  state: string;
                }[];
              }[];
              buildings: {
                id: string;
                name: string;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deficiencies: {
                  country: string;
                  version: string;
                  complete: number;
                  partial: number;
                  missing: number;
                  notApplicable: number;
                  themes: {
                    theme: string;
                    progress: number;
                    total: number;
                    percentage: number;
                  }[];
                  items: {
                    nameId: string;
                    theme: string;
                    name: string;
                    laws: string;
                    status: string;
                    comment: string;
                  }[];
                };
              }[];
              files: {
                documentId: string;
                buildingId: string;
                path: string;
                filename: string;
                size: number;
                md5: string | null;
                buildingCategory: string | null;
                informationTypes: string[];
                deliveryId: string | null;
                deliveryInformationType: string | null;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                progressStatus: string | null;
                subcontractorId: string | null;
                parentDocumentId: string | null;
                uploadedAt: string | null;
                drawingNumber?: string | null;
                drawingRevision?: string | null;
                supersededBy?: string | null;
              }[];
              /** @description the current revision of each drawing (and version of each file) with its history */
              drawings?: {
                buildingId: string;
                drawingNumber: string | null;
                current: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                };
                /** @description superseded revisions and versions, newest first */
                history: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                }[];
              }[];
              incomplete: {
                code: string;
                message: string;
                buildingId?: string;
                deliveryId?: string;
                informationType?: string;
                documentId?: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/reprocess': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run the processing pipeline again for one document, one building, or every document */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json':
            | {
                /** @description document id */
                documentId: string;
              }
            | {
                /** @description building id */
                buildingId: string;
              }
            | {
                /** @enum {boolean} */
                all: true;
              };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              enqueued: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Find a user by e-mail */
    get: {
      parameters: {
        query: {
          email: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              users: {
                id: string;
                email: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a user who may sign in; with a password also a local account of the embedded sign-in */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email: string;
            /** @description not blank */
            name: string;
            /** @description at least 12 characters */
            password?: string;
            platformAdmin?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users/{userId}/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set a user's password for the embedded sign-in */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description user id */
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description at least 12 characters */
            password: string;
            /** @description also revoke every personal API key of the person that still works (one an intruder made with the old password would go on working); each is in the audit log. Default false, so the person's integrations do not stop by surprise */
            revokeApiKeys?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users/{userId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Deactivate a user everywhere, or activate them again */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description user id */
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            status: 'active' | 'deactivated';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              status: 'invited' | 'active' | 'deactivated';
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's personal API keys (never the keys themselves) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              keys: {
                id: string;
                name: string;
                /** @description the first characters of the key, to tell keys apart */
                prefix: string;
                /** Format: date-time */
                createdAt: string;
                expiresAt: string | null;
                lastUsedAt: string | null;
                revokedAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a personal API key (shown only in this answer) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
            /**
             * Format: date-time
             * @description in the future, at most 365 days away; 90 days from now when absent
             */
            expiresAt?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              /** @description the first characters of the key, to tell keys apart */
              prefix: string;
              /** Format: date-time */
              createdAt: string;
              expiresAt: string | null;
              lastUsedAt: string | null;
              revokedAt: string | null;
              /** @description fk_user_...; only here */
              key: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a personal API key: it stops working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The OpenID provider's redirect back: sets the session cookie and redirects */
    get: {
      parameters: {
        query?: {
          code?: string;
          state?: string;
          error?: string;
          error_description?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description signed in: to the redirectUri of /auth/login */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a one-time link (1 hour) that sets a new password; the same answer whether or not the address is known */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            email?: string;
            /** @description a used or expired link’s token instead */
            token?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              accepted: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign in: redirects to the OpenID provider (the embedded one when none is configured) */
    get: {
      parameters: {
        query?: {
          /** @description where to go after sign-in: this service or an origin in APP_ALLOWED_REDIRECTS */
          redirectUri?: string;
          /** @description the work e-mail from the login page: an uninvited one is stopped before the provider (403, counted against the client address); passed on as login_hint */
          email?: string;
          useRecentSso?: boolean;
          /** @description accepted and ignored */
          provider?: string;
          /** @description accepted and ignored */
          sso?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description to the provider's authorization page */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign out: a page with the button that posts the sign-out (a GET ends nothing) */
    get: {
      parameters: {
        query?: {
          redirectUri?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description the page (text/html) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Sign out: to the provider's end-session endpoint, or to redirectUri (needs the service's Origin) */
    post: {
      parameters: {
        query?: {
          redirectUri?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            redirectUri?: string;
          } | null;
        };
      };
      responses: {
        /** @description a browser's page that goes on to the provider's end-session page */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Default Response */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user of the current session or personal key */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              name: string;
              locale: string;
              platformAdmin: boolean;
              /** @description the person signs in with a password here (the embedded sign-in): the account page offers a change */
              passwordSignIn: boolean;
              customers: {
                id: string;
                name: string;
                role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
              }[];
              projects: {
                id: string;
                customerId: string;
                name: string;
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change the signed-in person's name or language (the web app opens in it on every device) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description no: Norwegian; en: English; the web app shows the others in English */
            locale?: 'en' | 'no' | 'fr' | 'sv' | 'fi' | 'da';
            /** @description the name shown to others, in mails and in audit logs (a provider no longer replaces it) */
            name?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              name: string;
              locale: string;
              platformAdmin: boolean;
              /** @description the person signs in with a password here (the embedded sign-in): the account page offers a change */
              passwordSignIn: boolean;
              customers: {
                id: string;
                name: string;
                role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
              }[];
              projects: {
                id: string;
                customerId: string;
                name: string;
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/auth/me/assistants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The assistants (MCP clients) you allowed to act as you */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              assistants: {
                id: string;
                clientId: string;
                /** @description the name the assistant registered with (its client id when it gave none) */
                name: string;
                redirectHosts: string[];
                connectedAt: string | null;
                lastUsedAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/assistants/{assistantId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Disconnect an assistant: its refresh and access tokens stop working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description a connected assistant */
          assistantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your account’s history, newest first: sign-ins (and failed tries of your address), password changes, personal keys, assistants allowed and ended, the operator’s changes */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                id: string;
                /** Format: date-time */
                occurredAt: string;
                actor: {
                  kind: string;
                  userId: string | null;
                  label: string | null;
                  /** @description a person's name when it happened */
                  name: string | null;
                };
                action: string;
                target: {
                  type: string;
                  id: string;
                } | null;
                details: {
                  [key: string]: unknown;
                };
                clientAddress: string | null;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change your password (the current one first); every other session and every assistant ends
     * @description Your personal API keys go on working unless `revokeApiKeys` is true: then every one of them that still works is revoked with the password, the one this request may be made with too (GET /auth/api-keys shows them).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            currentPassword: string;
            newPassword: string;
            /**
             * @description also revoke every personal API key of yours (programs using them stop working)
             * @default false
             */
            revokeApiKeys?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your sessions that still work: device, address, last use */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              sessions: {
                id: string;
                /** @description the session this request is made with */
                current: boolean;
                device: {
                  browser: string | null;
                  os: string | null;
                };
                clientAddress: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastUsedAt: string;
                /** Format: date-time */
                expiresAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/sessions/sign-out-others': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out everywhere else: every session but this one ends, with the assistants allowed from them */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ended: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/me/sessions/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Sign out one of your sessions */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description a session id (uss_...) */
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/set-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Choose a password with a one-time link: signs the person in (the session cookie)
     * @description A form post (from the set-password page) is answered with a redirect into the app, or the page again with what is wrong; a JSON request with JSON. The person’s personal API keys go on working unless `revokeApiKeys` is true.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the token from the link’s #token= */
            token: string;
            password: string;
            passwordRepeat?: string;
            /** @description also revoke every personal API key of the person (programs using them stop working); a form post sends "true" */
            revokeApiKeys?: boolean | 'true';
            /** @description ignored (for password managers) */
            username?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              userId: string;
              redirectTo: string;
            };
          };
        };
        /** @description signed in: into the app */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/set-password/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Whether a set-password link works, and whose it is */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the token from the link’s #token= */
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              email: string;
              purpose: 'invitation' | 'reset' | 'first_sign_in';
              /** Format: date-time */
              expiresAt: string;
              /** @description how many of the person’s personal API keys still work (revokeApiKeys ends them) */
              personalApiKeys: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/admin/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send an administrative e-mail */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description exactly one of customerId, projectId, userIds */
      requestBody: {
        content: {
          'application/json': {
            /** @description customer whose people get the message (UUID) */
            customerId?: string;
            /** @description project whose people get the message (UUID) */
            projectId?: string;
            userIds?: string[];
            subject: string;
            text: string;
            html?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              sent: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/admin/projects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Permanently delete a construction project */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/buildings/customer/{customerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Buildings of a customer */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              buildings: {
                id: string;
                name: string;
                projectId: string;
                /** Format: date-time */
                createdAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/buildings/projects/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Buildings of a project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              buildings: {
                id: string;
                name: string;
                projectId: string;
                /** Format: date-time */
                createdAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Customers accessible to the user */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              customers: {
                id: string;
                name: string;
                buildingOwnerId: string | null;
                /** @description the role the caller acts with in the customer; null when they reach only some of its projects */
                role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One customer */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              buildingOwnerId: string | null;
              /** @description the role the caller acts with in the customer; null when they reach only some of its projects */
              role: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit log of a customer */
    get: {
      parameters: {
        query: {
          /** @description user_ and 26 letters or digits */
          userId?: string;
          /** @description only this project: its own events and those of its deliveries, subcontractors and documents (UUID) */
          projectId?: string;
          action?:
            | 'auth.sign_in'
            | 'auth.sign_in_failed'
            | 'auth.sign_out'
            | 'auth.assistant_allowed'
            | 'auth.assistant_declined'
            | 'auth.assistant_disconnected'
            | 'auth.assistant_revoked'
            | 'auth.locked_out'
            | 'auth.password_link_sent'
            | 'auth.password_changed'
            | 'auth.other_sessions_ended'
            | 'user.profile_changed'
            | 'user.created'
            | 'user.invited'
            | 'user.role_changed'
            | 'user.project_roles_changed'
            | 'user.deactivated'
            | 'user.activated'
            | 'user.removed'
            | 'user.password_set'
            | 'api_key.created'
            | 'api_key.revoked'
            | 'api_key.used'
            | 'customer.created'
            | 'project.created'
            | 'project.updated'
            | 'project.archived'
            | 'project.handed_over'
            | 'project.deleted'
            | 'admin.email_sent'
            | 'subcontractor.created'
            | 'subcontractor.updated'
            | 'subcontractor.removed'
            | 'subcontractor_token.created'
            | 'subcontractor_token.revoked'
            | 'delivery.created'
            | 'delivery.updated'
            | 'delivery.deleted'
            | 'delivery.copied'
            | 'delivery.approval_changed'
            | 'delivery.email_sent'
            | 'delivery.reminder_sent'
            | 'documents.renamed'
            | 'documents.rename_undone'
            | 'documents.bulk_updated'
            | 'document.uploaded'
            | 'document.updated'
            | 'document.archived'
            | 'maintenance.tasks_removed';
          /** @description at or after */
          from?: string;
          /** @description before */
          to?: string;
          limit: number;
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              events: {
                id: string;
                /** Format: date-time */
                occurredAt: string;
                actor: {
                  kind: string;
                  userId: string | null;
                  label: string | null;
                  /** @description a person's name when it happened */
                  name: string | null;
                };
                action: string;
                target: {
                  type: string;
                  id: string;
                } | null;
                details: {
                  [key: string]: unknown;
                };
                clientAddress: string | null;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/idp/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users of a customer */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              users: {
                id: string;
                email: string;
                name: string;
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
                status: 'invited' | 'active' | 'deactivated';
                locale: string;
                lastSignInAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Invite a user with a role */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email: string;
            role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
            /** @description language of the invitation mail (English when absent) */
            locale?: 'en' | 'no' | 'fr' | 'sv' | 'fi' | 'da';
            /** @description which product the invitation speaks of */
            origin?: 'construction' | 'document-platform';
            /** @description invite into this project of the customer: `role` is then the project role, and a newcomer gets NO_ACCESS in the customer (UUID) */
            projectId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              name: string;
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              status: 'invited' | 'active' | 'deactivated';
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              name: string;
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              status: 'invited' | 'active' | 'deactivated';
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/idp/users/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a user from the customer */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description user_ and 26 letters or digits */
          userId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/idp/users/{userId}/projects/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set a user's roles across projects */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description user_ and 26 letters or digits */
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            roles: {
              /** @description project id (UUID) */
              projectId: string;
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              userId: string;
              roles: {
                projectId: string;
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/idp/users/{userId}/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a user's role in the customer */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description user_ and 26 letters or digits */
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              email: string;
              name: string;
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              status: 'invited' | 'active' | 'deactivated';
              locale: string;
              lastSignInAt: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Projects of a customer */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              projects: {
                id: string;
                customerId: string;
                name: string;
                projectNumber: string | null;
                address: string | null;
                description: string | null;
                startDate: string | null;
                plannedHandoverDate: string | null;
                remindersEnabled: boolean;
                /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
                namingConvention: 'byggdok' | 'iso19650';
                status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
                buildings: {
                  id: string;
                  name: string;
                }[];
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a project */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
            projectNumber?: string | null;
            address?: string | null;
            description?: string | null;
            startDate?: string | null;
            plannedHandoverDate?: string | null;
            /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
            namingConvention?: 'byggdok' | 'iso19650';
            /** @description the daily reminder of what subcontractors still owe (default true) */
            remindersEnabled?: boolean;
            buildings?: {
              /** @description not blank */
              name: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              name: string;
              projectNumber: string | null;
              address: string | null;
              description: string | null;
              startDate: string | null;
              plannedHandoverDate: string | null;
              remindersEnabled: boolean;
              /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
              namingConvention: 'byggdok' | 'iso19650';
              status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
              buildings: {
                id: string;
                name: string;
              }[];
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/migration-target': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the customer’s projects were handed over to */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              buildingOwnerId: string;
              name: string;
            } | null;
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              name: string;
              projectNumber: string | null;
              address: string | null;
              description: string | null;
              startDate: string | null;
              plannedHandoverDate: string | null;
              remindersEnabled: boolean;
              /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
              namingConvention: 'byggdok' | 'iso19650';
              status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
              buildings: {
                id: string;
                name: string;
              }[];
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /** Update or archive a project */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name?: string;
            projectNumber?: string | null;
            address?: string | null;
            description?: string | null;
            startDate?: string | null;
            plannedHandoverDate?: string | null;
            /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
            namingConvention?: 'byggdok' | 'iso19650';
            /** @description the daily reminder of what subcontractors still owe (default true) */
            remindersEnabled?: boolean;
            /** @description ARCHIVED archives the project, ACTIVE brings it back (OWNER or more); HANDED_OVER is set by the handover. An archived project is read-only (409 project.archived) until a body with ACTIVE, which may change other members too */
            status?: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              name: string;
              projectNumber: string | null;
              address: string | null;
              description: string | null;
              startDate: string | null;
              plannedHandoverDate: string | null;
              remindersEnabled: boolean;
              /** @description how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style) */
              namingConvention: 'byggdok' | 'iso19650';
              status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
              buildings: {
                id: string;
                name: string;
              }[];
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/buildings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a building to a project */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/bulk-update-metadata': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set the building category and/or information types of many documents */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            documentIds?: string[];
            /** @description instead of documentIds: every document that matches */
            filter?: {
              /** @description delivery (UUID) */
              deliveryId?: string;
              /** @description subcontractor (UUID) */
              subcontractorId?: string;
              buildingCategory?: string;
              informationType?: string;
              progressStatus?: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
            };
            buildingCategory?: string | null;
            informationTypes?: string[] | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                changed: string[];
                error: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/handover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The report made when the project was handed over */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string | null;
              dryRun: boolean;
              project: {
                id: string;
                name: string;
                projectNumber: string | null;
                customerId: string;
                customerName: string;
              };
              buildingOwner: {
                id: string;
                name: string;
              };
              /** Format: date-time */
              at: string;
              by: {
                userId: string | null;
                name: string;
              };
              summary: {
                buildings: number;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deliveries: number;
                informationTypesExpected: number;
                informationTypesDelivered: number;
                informationTypesApproved: number;
                informationTypesDeclined: number;
                incomplete: number;
              };
              deliveries: {
                id: string;
                label: string;
                buildingCategory: string;
                fullCategory: string;
                discipline: string | null;
                subcontractor: {
                  id: string;
                  companyName: string;
                } | null;
                state: string;
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                informationTypes: {
                  informationType: string;
                  expected: boolean;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                  comment: string | null;
                  state: string;
                }[];
              }[];
              buildings: {
                id: string;
                name: string;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deficiencies: {
                  country: string;
                  version: string;
                  complete: number;
                  partial: number;
                  missing: number;
                  notApplicable: number;
                  themes: {
                    theme: string;
                    progress: number;
                    total: number;
                    percentage: number;
                  }[];
                  items: {
                    nameId: string;
                    theme: string;
                    name: string;
                    laws: string;
                    status: string;
                    comment: string;
                  }[];
                };
              }[];
              files: {
                documentId: string;
                buildingId: string;
                path: string;
                filename: string;
                size: number;
                md5: string | null;
                buildingCategory: string | null;
                informationTypes: string[];
                deliveryId: string | null;
                deliveryInformationType: string | null;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                progressStatus: string | null;
                subcontractorId: string | null;
                parentDocumentId: string | null;
                uploadedAt: string | null;
                drawingNumber?: string | null;
                drawingRevision?: string | null;
                supersededBy?: string | null;
              }[];
              /** @description the current revision of each drawing (and version of each file) with its history */
              drawings?: {
                buildingId: string;
                drawingNumber: string | null;
                current: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                };
                /** @description superseded revisions and versions, newest first */
                history: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                }[];
              }[];
              incomplete: {
                code: string;
                message: string;
                buildingId?: string;
                deliveryId?: string;
                informationType?: string;
                documentId?: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Hand the project over to a building owner (or report what a handover would do) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the building owner of the document platform that receives the project */
            buildingOwnerId: string;
            /** @description report what would move and what is incomplete; change nothing */
            dryRun?: boolean;
            /** @description the deficiency checklist run on each building: NO (TEK17, default) or GB (Building Safety Act) */
            country?: 'NO' | 'GB';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string | null;
              dryRun: boolean;
              project: {
                id: string;
                name: string;
                projectNumber: string | null;
                customerId: string;
                customerName: string;
              };
              buildingOwner: {
                id: string;
                name: string;
              };
              /** Format: date-time */
              at: string;
              by: {
                userId: string | null;
                name: string;
              };
              summary: {
                buildings: number;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deliveries: number;
                informationTypesExpected: number;
                informationTypesDelivered: number;
                informationTypesApproved: number;
                informationTypesDeclined: number;
                incomplete: number;
              };
              deliveries: {
                id: string;
                label: string;
                buildingCategory: string;
                fullCategory: string;
                discipline: string | null;
                subcontractor: {
                  id: string;
                  companyName: string;
                } | null;
                state: string;
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                informationTypes: {
                  informationType: string;
                  expected: boolean;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                  comment: string | null;
                  state: string;
                }[];
              }[];
              buildings: {
                id: string;
                name: string;
                documents: number;
                archivedDocuments: number;
                bytes: number;
                deficiencies: {
                  country: string;
                  version: string;
                  complete: number;
                  partial: number;
                  missing: number;
                  notApplicable: number;
                  themes: {
                    theme: string;
                    progress: number;
                    total: number;
                    percentage: number;
                  }[];
                  items: {
                    nameId: string;
                    theme: string;
                    name: string;
                    laws: string;
                    status: string;
                    comment: string;
                  }[];
                };
              }[];
              files: {
                documentId: string;
                buildingId: string;
                path: string;
                filename: string;
                size: number;
                md5: string | null;
                buildingCategory: string | null;
                informationTypes: string[];
                deliveryId: string | null;
                deliveryInformationType: string | null;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                progressStatus: string | null;
                subcontractorId: string | null;
                parentDocumentId: string | null;
                uploadedAt: string | null;
                drawingNumber?: string | null;
                drawingRevision?: string | null;
                supersededBy?: string | null;
              }[];
              /** @description the current revision of each drawing (and version of each file) with its history */
              drawings?: {
                buildingId: string;
                drawingNumber: string | null;
                current: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                };
                /** @description superseded revisions and versions, newest first */
                history: {
                  documentId: string;
                  filename: string;
                  revision: string | null;
                  uploadedAt: string | null;
                }[];
              }[];
              incomplete: {
                code: string;
                message: string;
                buildingId?: string;
                deliveryId?: string;
                informationType?: string;
                documentId?: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/handover/report.pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The handover report as a PDF to print */
    get: {
      parameters: {
        query?: {
          /** @description nb (default) or en */
          locale?: 'nb' | 'en';
        };
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description application/pdf */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/idp/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users of a customer with their role in one project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              users: {
                id: string;
                email: string;
                name: string;
                role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
                status: 'invited' | 'active' | 'deactivated';
                locale: string;
                lastSignInAt: string | null;
                customerRole: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
                /** @description set for this project (null: the customer role) */
                projectRole: ('NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN') | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/idp/users/{userId}/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set a user's role in a project */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description user_ and 26 letters or digits */
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              userId: string;
              projectId: string;
              role: 'NO_ACCESS' | 'READ_ACCESS' | 'WRITE_ACCESS' | 'OWNER' | 'ADMIN';
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/preview-filenames': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Preview new filenames by the naming convention (nothing changes) */
    get: {
      parameters: {
        query?: {
          /** @description building_floor_room after the project number */
          useLocationCode?: boolean;
          /** @description the information type after the category */
          useInformationType?: boolean;
          /** @description the TFM code before the number */
          useTFMCode?: boolean;
        };
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              pattern: string;
              documents: {
                id: string;
                filename: string;
                newFilename: string | null;
                reason: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/subcontractors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Subcontractors of a project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              subcontractors: {
                id: string;
                projectId: string;
                companyName: string;
                organisationNumber: string | null;
                contactName: string | null;
                email: string;
                phone: string | null;
                disciplines: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Add a subcontractor to a project */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            companyName: string;
            organisationNumber?: string | null;
            contactName?: string | null;
            /** Format: email */
            email: string;
            phone?: string | null;
            disciplines?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string;
              companyName: string;
              organisationNumber: string | null;
              contactName: string | null;
              email: string;
              phone: string | null;
              disciplines: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/subcontractors/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a subcontractor (a new e-mail address revokes its portal tokens) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            companyName?: string;
            organisationNumber?: string | null;
            contactName?: string | null;
            /** Format: email */
            email?: string;
            phone?: string | null;
            disciplines?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string;
              companyName: string;
              organisationNumber: string | null;
              contactName: string | null;
              email: string;
              phone: string | null;
              disciplines: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Remove a subcontractor (archived; its tokens revoked, its documents and deliveries kept) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/subcontractors/{subcontractorId}/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Portal tokens of a subcontractor (without the secrets) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              tokens: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                expiresAt: string;
                revokedAt: string | null;
                lastUsedAt: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Issue a portal token (shown once) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default 30 */
            expiresInDays?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              token: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/subcontractors/{subcontractorId}/tokens/{tokenId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a portal token (refused at once afterwards) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
          /** @description token id (UUID) */
          tokenId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/update-filenames': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rename every eligible document as the preview shows
     * @description Flags as query parameters (a JSON body with the same members is accepted too).
     */
    post: {
      parameters: {
        query?: {
          /** @description building_floor_room after the project number */
          useLocationCode?: boolean;
          /** @description the information type after the category */
          useInformationType?: boolean;
          /** @description the TFM code before the number */
          useTFMCode?: boolean;
        };
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description building_floor_room after the project number */
            useLocationCode?: boolean;
            /** @description the information type after the category */
            useInformationType?: boolean;
            /** @description the TFM code before the number */
            useTFMCode?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              renamed: number;
              /** @description undo this rename with POST .../update-filenames/{changeSetId}/undo (null when nothing was renamed) */
              changeSetId: string | null;
              documents: {
                id: string;
                filename: string;
                newFilename: string | null;
                reason: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/projects/{projectId}/update-filenames/{changeSetId}/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Undo one rename: the names it replaced come back where its names are still in place */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description project id (UUID) */
          projectId: string;
          /** @description the changeSetId of the rename (UUID) */
          changeSetId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              renamed: number;
              /** @description undo this rename with POST .../update-filenames/{changeSetId}/undo (null when nothing was renamed) */
              changeSetId: string | null;
              documents: {
                id: string;
                filename: string;
                newFilename: string | null;
                reason: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Webhooks (without their secrets) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              webhooks: {
                id: string;
                url: string;
                events: string[];
                description: string | null;
                enabled: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Register a webhook: the secret of its signatures is in this answer only
     * @description A partner (all its keys together) or a customer has at most 25 webhooks: 409 `webhook.limit_reached` past that.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description https URL events are POSTed to; hosts inside private networks are refused */
            url: string;
            /** @description the event types sent to this URL */
            events: (
              | 'delivery.updated'
              | 'delivery.approved'
              | 'delivery.declined'
              | 'subcontractor.uploaded'
              | 'project.handed_over'
              | 'webhook.test'
            )[];
            description?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description `whsec_` + base64 of 32 random bytes: the key of the signatures, shown only here */
              secret: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One webhook */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a webhook: nothing more is sent to it */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a webhook: its URL, events, description, or whether it is enabled */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description https URL events are POSTed to; hosts inside private networks are refused */
            url?: string;
            /** @description the event types sent to this URL */
            events?: (
              | 'delivery.updated'
              | 'delivery.approved'
              | 'delivery.declined'
              | 'subcontractor.uploaded'
              | 'project.handed_over'
              | 'webhook.test'
            )[];
            description?: string | null;
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/construction/customers/{customerId}/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A webhook's deliveries, newest first, with each one's status and attempts */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              deliveries: {
                id: string;
                /** @description the webhook-id header: the same on every attempt */
                eventId: string;
                type: string;
                /** @description attempts made so far */
                attempt: number;
                status: 'pending' | 'succeeded' | 'failed';
                responseStatus: number | null;
                error: string | null;
                /** Format: date-time */
                createdAt: string;
                nextAttemptAt: string | null;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/customers/{customerId}/webhooks/{webhookId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook.test event to this webhook
     * @description At most 5 test deliveries of a webhook wait at once: 429 `webhook.too_many_tests` with Retry-After past that.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description customer id (UUID) */
          customerId: string;
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              eventId: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a delivery */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description customer id (UUID) */
            customerId: string;
            /** @description project id (UUID) */
            projectId: string;
            /** @description NS 3451 category: three digits, four digits starting 2-7, or MSC */
            buildingCategory: string;
            /** @description NS 3451 category: three digits, four digits starting 2-7, or MSC */
            fullCategory: string;
            serialNumber?: string;
            description?: string;
            discipline?: string;
            contactPerson?: {
              name?: string;
              email?: string;
              phone?: string | null;
            };
            informationTypes?: {
              informationType: string;
              approvalStatus?: ('APPROVED' | 'DECLINED') | null;
              comment?: string | null;
              secondaryComment?: string | null;
              verifiedBy?: string | null;
              verifiedAt?: string | null;
            }[];
            informationTypesExpected?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              projectId: string;
              subContractorId: string | null;
              buildingCategory: string;
              fullCategory: string;
              serialNumber: string | null;
              description: string | null;
              discipline: string | null;
              comment: string | null;
              secondaryComment: string | null;
              contactPerson: {
                name?: string;
                email?: string;
                phone?: string | null;
              } | null;
              informationTypes: {
                informationType: string;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                comment: string | null;
                secondaryComment: string | null;
                verifiedBy: string | null;
                verifiedAt: string | null;
              }[];
              informationTypesExpected: string[];
              progress: {
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                informationTypes: {
                  informationType: string;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                }[];
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/copy-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Copy deliveries into another project of the same customer
     * @description Expectations, categories and contact are copied; documents, approvals and subcontractor are not.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description project to copy from (UUID) */
            fromProjectId: string;
            /** @description project to copy into (same customer) (UUID) */
            toProjectId: string;
            deliveryIds: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              deliveries: {
                id: string;
                customerId: string;
                projectId: string;
                subContractorId: string | null;
                buildingCategory: string;
                fullCategory: string;
                serialNumber: string | null;
                description: string | null;
                discipline: string | null;
                comment: string | null;
                secondaryComment: string | null;
                contactPerson: {
                  name?: string;
                  email?: string;
                  phone?: string | null;
                } | null;
                informationTypes: {
                  informationType: string;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  comment: string | null;
                  secondaryComment: string | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                }[];
                informationTypesExpected: string[];
                progress: {
                  expected: number;
                  delivered: number;
                  approved: number;
                  declined: number;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  informationTypes: {
                    informationType: string;
                    documents: number;
                    approvalStatus: ('APPROVED' | 'DECLINED') | null;
                    state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  }[];
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The subcontractor e-mail as it would be sent (no token is issued) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description project id (UUID) */
            projectId: string;
            /** @description subcontractor id (UUID) */
            subcontractorId: string;
            message?: string;
            locale?: 'en' | 'no' | 'fr' | 'sv' | 'fi' | 'da';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              subject: string;
              html: string;
              text: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/project/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Deliveries of a project, with their progress */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              deliveries: {
                id: string;
                customerId: string;
                projectId: string;
                subContractorId: string | null;
                buildingCategory: string;
                fullCategory: string;
                serialNumber: string | null;
                description: string | null;
                discipline: string | null;
                comment: string | null;
                secondaryComment: string | null;
                contactPerson: {
                  name?: string;
                  email?: string;
                  phone?: string | null;
                } | null;
                informationTypes: {
                  informationType: string;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  comment: string | null;
                  secondaryComment: string | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                }[];
                informationTypesExpected: string[];
                progress: {
                  expected: number;
                  delivered: number;
                  approved: number;
                  declined: number;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  informationTypes: {
                    informationType: string;
                    documents: number;
                    approvalStatus: ('APPROVED' | 'DECLINED') | null;
                    state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  }[];
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/send-subcontractor-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** E-mail the subcontractor its portal link (a fresh token) and what is still missing */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description project id (UUID) */
            projectId: string;
            /** @description subcontractor id (UUID) */
            subcontractorId: string;
            message?: string;
            locale?: 'en' | 'no' | 'fr' | 'sv' | 'fi' | 'da';
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              sent: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One delivery, with its progress
     * @description Answered with an ETag: send it back in If-Match to change the delivery only as you read it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description delivery id, exactly 36 characters */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              projectId: string;
              subContractorId: string | null;
              buildingCategory: string;
              fullCategory: string;
              serialNumber: string | null;
              description: string | null;
              discipline: string | null;
              comment: string | null;
              secondaryComment: string | null;
              contactPerson: {
                name?: string;
                email?: string;
                phone?: string | null;
              } | null;
              informationTypes: {
                informationType: string;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                comment: string | null;
                secondaryComment: string | null;
                verifiedBy: string | null;
                verifiedAt: string | null;
              }[];
              informationTypesExpected: string[];
              progress: {
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                informationTypes: {
                  informationType: string;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                }[];
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /**
     * Change a delivery; approve or decline its information types
     * @description verifiedBy and verifiedAt of an information type are set from the signed-in user when its approvalStatus changes; the subcontractor is e-mailed (a decline with its comment). With If-Match (the ETag of the delivery as read), a delivery someone has changed since is not changed: 412 delivery.changed. Answered with the new ETag.
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description the ETag of the delivery as read (GET or PUT), or its updatedAt in quotes: the change is made only if nobody has changed the delivery since, else 412 delivery.changed */
          'if-match'?: string;
        };
        path: {
          /** @description delivery id, exactly 36 characters */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description NS 3451 category: three digits, four digits starting 2-7, or MSC */
            buildingCategory?: string;
            /** @description NS 3451 category: three digits, four digits starting 2-7, or MSC */
            fullCategory?: string;
            serialNumber?: string;
            description?: string;
            discipline?: string;
            contactPerson?: {
              name?: string;
              email?: string;
              phone?: string | null;
            };
            informationTypes?: {
              informationType: string;
              approvalStatus?: ('APPROVED' | 'DECLINED') | null;
              comment?: string | null;
              secondaryComment?: string | null;
              verifiedBy?: string | null;
              verifiedAt?: string | null;
            }[];
            informationTypesExpected?: string[];
            subContractorId?: string | null;
            comment?: string;
            secondaryComment?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              projectId: string;
              subContractorId: string | null;
              buildingCategory: string;
              fullCategory: string;
              serialNumber: string | null;
              description: string | null;
              discipline: string | null;
              comment: string | null;
              secondaryComment: string | null;
              contactPerson: {
                name?: string;
                email?: string;
                phone?: string | null;
              } | null;
              informationTypes: {
                informationType: string;
                approvalStatus: ('APPROVED' | 'DECLINED') | null;
                comment: string | null;
                secondaryComment: string | null;
                verifiedBy: string | null;
                verifiedAt: string | null;
              }[];
              informationTypesExpected: string[];
              progress: {
                expected: number;
                delivered: number;
                approved: number;
                declined: number;
                state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                informationTypes: {
                  informationType: string;
                  documents: number;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                }[];
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete (archive) a delivery */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description delivery id, exactly 36 characters */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description exactly 36 characters */
            projectId: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/deliveries/{id}/decisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The history of decisions on a delivery: who approved or declined which information type, when, why */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description delivery id, exactly 36 characters */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              decisions: {
                id: string;
                informationType: string;
                approvalStatus: 'APPROVED' | 'DECLINED' | null;
                comment: string | null;
                /** @description the person's name, their e-mail when they have none */
                by: string;
                /** Format: date-time */
                at: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the metadata of 1 to 500 documents, all or nothing
     * @description One failing item changes nothing; the 400 lists every failing item by index and field.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            documents: {
              /** @description the document to change (UUID, strict form) */
              id: string;
              buildingCategory?: string | null;
              discipline?: string | null;
              drawingCode?: string | null;
              drawingDate?: string | null;
              filename?: string;
              filenameDescriptive?: string | null;
              floor?: string | null;
              informationTypes?: string[] | null;
              progressStatus?:
                ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
              roomLocations?: string[] | null;
              serialNumber?: string | null;
              tags?: string[] | null;
              tfmCode?: string | null;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                projectId: string | null;
                buildingId: string;
                deliveryId: string | null;
                subcontractorId: string | null;
                deliveryInformationType: string | null;
                filename: string;
                filenameDescriptive: string | null;
                buildingCategory: string | null;
                discipline: string | null;
                drawingCode: string | null;
                drawingDate: string | null;
                floor: string | null;
                informationTypes: string[];
                progressStatus:
                  ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
                progressReason: string | null;
                roomLocations: string[];
                serialNumber: string | null;
                tags: string[];
                tfmCode: string | null;
                size: number;
                mimeType: string | null;
                uploaded: boolean;
                processed: boolean;
                uploadedBy: string | null;
                updatedBy: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/project/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project's documents, oldest first, paged and filtered */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
          /** @description only documents answering this delivery (UUID) */
          deliveryId?: string;
          /** @description only documents this subcontractor uploaded (UUID) */
          subcontractorId?: string;
          /** @description NS 3451 category */
          buildingCategory?: string;
          informationType?: string;
          progressStatus?: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
        };
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                projectId: string | null;
                buildingId: string;
                deliveryId: string | null;
                subcontractorId: string | null;
                deliveryInformationType: string | null;
                filename: string;
                filenameDescriptive: string | null;
                buildingCategory: string | null;
                discipline: string | null;
                drawingCode: string | null;
                drawingDate: string | null;
                floor: string | null;
                informationTypes: string[];
                progressStatus:
                  ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
                progressReason: string | null;
                roomLocations: string[];
                serialNumber: string | null;
                tags: string[];
                tfmCode: string | null;
                size: number;
                mimeType: string | null;
                uploaded: boolean;
                processed: boolean;
                uploadedBy: string | null;
                updatedBy: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A document of a project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string | null;
              buildingId: string;
              deliveryId: string | null;
              subcontractorId: string | null;
              deliveryInformationType: string | null;
              filename: string;
              filenameDescriptive: string | null;
              buildingCategory: string | null;
              discipline: string | null;
              drawingCode: string | null;
              drawingDate: string | null;
              floor: string | null;
              informationTypes: string[];
              progressStatus:
                ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
              progressReason: string | null;
              roomLocations: string[];
              serialNumber: string | null;
              tags: string[];
              tfmCode: string | null;
              size: number;
              mimeType: string | null;
              uploaded: boolean;
              processed: boolean;
              uploadedBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /** Change a document's metadata */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the document id (UUID, strict form) */
            id?: string;
            buildingCategory?: string | null;
            discipline?: string | null;
            drawingCode?: string | null;
            drawingDate?: string | null;
            filename?: string;
            filenameDescriptive?: string | null;
            floor?: string | null;
            informationTypes?: string[] | null;
            progressStatus?:
              ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
            roomLocations?: string[] | null;
            serialNumber?: string | null;
            tags?: string[] | null;
            tfmCode?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string | null;
              buildingId: string;
              deliveryId: string | null;
              subcontractorId: string | null;
              deliveryInformationType: string | null;
              filename: string;
              filenameDescriptive: string | null;
              buildingCategory: string | null;
              discipline: string | null;
              drawingCode: string | null;
              drawingDate: string | null;
              floor: string | null;
              informationTypes: string[];
              progressStatus:
                ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
              progressReason: string | null;
              roomLocations: string[];
              serialNumber: string | null;
              tags: string[];
              tfmCode: string | null;
              size: number;
              mimeType: string | null;
              uploaded: boolean;
              processed: boolean;
              uploadedBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete (archive) a document */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/{documentId}/dwg-viewer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Extents, layers and an SVG of a DWG or DXF drawing */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              extents: {
                minX: number;
                minY: number;
                maxX: number;
                maxY: number;
              };
              layers: {
                name: string;
                /** @description #rrggbb, as the file states it (white layers are drawn black in the SVG) */
                color: string;
                /** @description false: the layer is off or frozen (its group is display="none") */
                visible: boolean;
              }[];
              /** @description the model space in drawing units, y up, one <g data-layer> per layer */
              svg: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/{documentId}/get-signed-url': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A signed URL of the document's file (15 minutes)
     * @description useGeneratedFile=true gives the generated PDF preview; false or absent, the original file.
     */
    get: {
      parameters: {
        query?: {
          useGeneratedFile?: boolean;
        };
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/documents/{documentId}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A document's history: every change of its metadata, who and when, old and new value */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              history: {
                field: string;
                oldValue: unknown;
                newValue: unknown;
                /** Format: date-time */
                changedAt: string;
                actor: {
                  kind: string;
                  userId: string | null;
                  label: string | null;
                };
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/delivery/{projectId}/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The subcontractor's deliveries in the project, with their progress */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              deliveries: {
                id: string;
                customerId: string;
                projectId: string;
                subContractorId: string | null;
                buildingCategory: string;
                fullCategory: string;
                serialNumber: string | null;
                description: string | null;
                discipline: string | null;
                comment: string | null;
                secondaryComment: string | null;
                contactPerson: {
                  name?: string;
                  email?: string;
                  phone?: string | null;
                } | null;
                informationTypes: {
                  informationType: string;
                  approvalStatus: ('APPROVED' | 'DECLINED') | null;
                  comment: string | null;
                  secondaryComment: string | null;
                  verifiedBy: string | null;
                  verifiedAt: string | null;
                }[];
                informationTypesExpected: string[];
                progress: {
                  expected: number;
                  delivered: number;
                  approved: number;
                  declined: number;
                  state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  informationTypes: {
                    informationType: string;
                    documents: number;
                    approvalStatus: ('APPROVED' | 'DECLINED') | null;
                    state: 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';
                  }[];
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/documents/{projectId}/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The subcontractor’s own documents in the project, oldest first */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description project id */
          projectId: string;
          /** @description subcontractor id */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                projectId: string | null;
                buildingId: string;
                deliveryId: string | null;
                subcontractorId: string | null;
                deliveryInformationType: string | null;
                filename: string;
                filenameDescriptive: string | null;
                buildingCategory: string | null;
                discipline: string | null;
                drawingCode: string | null;
                drawingDate: string | null;
                floor: string | null;
                informationTypes: string[];
                progressStatus:
                  ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
                progressReason: string | null;
                roomLocations: string[];
                serialNumber: string | null;
                tags: string[];
                tfmCode: string | null;
                size: number;
                mimeType: string | null;
                uploaded: boolean;
                processed: boolean;
                uploadedBy: string | null;
                updatedBy: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/documents/{projectId}/{subcontractorId}/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the subcontractor’s own documents */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id */
          projectId: string;
          /** @description subcontractor id */
          subcontractorId: string;
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string | null;
              buildingId: string;
              deliveryId: string | null;
              subcontractorId: string | null;
              deliveryInformationType: string | null;
              filename: string;
              filenameDescriptive: string | null;
              buildingCategory: string | null;
              discipline: string | null;
              drawingCode: string | null;
              drawingDate: string | null;
              floor: string | null;
              informationTypes: string[];
              progressStatus:
                ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
              progressReason: string | null;
              roomLocations: string[];
              serialNumber: string | null;
              tags: string[];
              tfmCode: string | null;
              size: number;
              mimeType: string | null;
              uploaded: boolean;
              processed: boolean;
              uploadedBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /**
     * Change the metadata of one of the subcontractor's own documents
     * @description progressStatus: a subcontractor moves its documents between IN_PROGRESS and READY_TO_REVIEW. A file a newer version has replaced (supersededBy set) is final: 409 `document.superseded`.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID, strict form) */
          projectId: string;
          /** @description subcontractor id (UUID, strict form) */
          subcontractorId: string;
          /** @description document id (UUID, strict form) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the document id (UUID, strict form) */
            id?: string;
            buildingCategory?: string | null;
            discipline?: string | null;
            drawingCode?: string | null;
            drawingDate?: string | null;
            filename?: string;
            filenameDescriptive?: string | null;
            floor?: string | null;
            informationTypes?: string[] | null;
            progressStatus?:
              ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
            roomLocations?: string[] | null;
            serialNumber?: string | null;
            tags?: string[] | null;
            tfmCode?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string | null;
              buildingId: string;
              deliveryId: string | null;
              subcontractorId: string | null;
              deliveryInformationType: string | null;
              filename: string;
              filenameDescriptive: string | null;
              buildingCategory: string | null;
              discipline: string | null;
              drawingCode: string | null;
              drawingDate: string | null;
              floor: string | null;
              informationTypes: string[];
              progressStatus:
                ('NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT') | null;
              progressReason: string | null;
              roomLocations: string[];
              serialNumber: string | null;
              tags: string[];
              tfmCode: string | null;
              size: number;
              mimeType: string | null;
              uploaded: boolean;
              processed: boolean;
              uploadedBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    /**
     * Delete (archive) one of the subcontractor's own documents
     * @description A file a newer version has replaced (supersededBy set) is final: 409 `document.superseded`.
     */
    delete: {
      parameters: {
        query?: {
          /** @description who deleted it, for the history */
          updatedBy?: string;
        };
        header?: never;
        path: {
          /** @description project id */
          projectId: string;
          /** @description subcontractor id */
          subcontractorId: string;
          /** @description document id (UUID) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/documents/{projectId}/{subcontractorId}/{documentId}/get-signed-url': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A signed URL of one of the subcontractor's own files (15 minutes)
     * @description useGeneratedFile=true gives the generated PDF preview; false, the original file.
     */
    get: {
      parameters: {
        query: {
          useGeneratedFile: boolean;
        };
        header?: never;
        path: {
          /** @description project id (UUID, strict form) */
          projectId: string;
          /** @description subcontractor id (UUID, strict form) */
          subcontractorId: string;
          /** @description document id (UUID, strict form) */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/project/{projectId}/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project: name, customer, dates and the buildings to upload into */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              customerId: string;
              name: string;
              customerName: string;
              projectNumber: string | null;
              address: string | null;
              description: string | null;
              startDate: string | null;
              plannedHandoverDate: string | null;
              status: string;
              buildings: {
                id: string;
                name: string;
              }[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/subcontractor/{projectId}/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The subcontractor's own record */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id (UUID) */
          projectId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              projectId: string;
              companyName: string;
              organisationNumber: string | null;
              contactName: string | null;
              email: string;
              phone: string | null;
              disciplines: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/public/upload/{projectId}/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register an upload; PUT the bytes to uploadUrl
     * @description The same two-step upload as the partner API: the file goes through extraction, classification and search. deliveryId and informationType say which delivery and information type the file answers.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description project id */
          projectId: string;
          /** @description subcontractor id */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            buildingId: string;
            filename: string;
            projectId?: string;
            packageId?: string;
            uploadedBy?: string;
            parentFolderId?: string;
            /** @description the delivery this upload answers (UUID) */
            deliveryId?: string;
            informationType?: string;
            /** @description one of the subcontractor's own latest documents in the same building this file is a new version of: once uploaded, it supersedes that document (400 naming the field for a document out of reach, 409 when it is already superseded); without deliveryId and informationType the new version answers the same ones */
            replacesDocumentId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documentId: string;
              uploadUrl: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/zip/{buildingId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Build a zip of the building's files (with manifest.json and manifest.csv) */
    post: {
      parameters: {
        query?: {
          /** @description leave out documents uploaded before this day (YYYY-MM-DD) or time (ISO 8601) */
          excludeFilesBeforeDate?: string;
          /** @description true: only the current revision of each drawing and version of each file */
          latest_revisions?: boolean;
        };
        header?: never;
        path: {
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              status: 'queued' | 'running' | 'ready' | 'failed';
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/zip/{buildingId}/latest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest zip of the building: its state, and a signed URL (15 minutes) once ready */
    get: {
      parameters: {
        query?: {
          /** @description leave out documents uploaded before this day (YYYY-MM-DD) or time (ISO 8601) */
          excludeFilesBeforeDate?: string;
          /** @description true: only the current revision of each drawing and version of each file */
          latest_revisions?: boolean;
          /** @description the latest of this subcontractor's zips (UUID) */
          subcontractorId?: string;
          /** @description true: answer 204 No Content when there is no zip yet (a page asking what exists), instead of 404 */
          orNone?: boolean;
        };
        header?: never;
        path: {
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              status: 'queued' | 'running' | 'ready' | 'failed';
              /** Format: date-time */
              createdAt: string;
              readyAt: string | null;
              fileCount: number | null;
              size: number | null;
              url: string | null;
              expiresAt: string | null;
              error: string | null;
            };
          };
        };
        /** @description no zip yet (only with orNone=true) */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/construction/zip/{buildingId}/subcontractor/{subcontractorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Build a zip of one subcontractor's files in the building */
    post: {
      parameters: {
        query?: {
          /** @description leave out documents uploaded before this day (YYYY-MM-DD) or time (ISO 8601) */
          excludeFilesBeforeDate?: string;
          /** @description true: only the current revision of each drawing and version of each file */
          latest_revisions?: boolean;
        };
        header?: never;
        path: {
          /** @description building id */
          buildingId: string;
          /** @description subcontractor id (UUID) */
          subcontractorId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              status: 'queued' | 'running' | 'ready' | 'failed';
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The process is up */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'ok';
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/s3/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** S3 object-created notifications; authenticated with the x-byggdok-events-token header */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            Records: {
              eventName: string;
              s3: {
                object: {
                  key: string;
                  size?: number;
                  eTag?: string;
                };
              };
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              accepted: number;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/storage-provider': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the signed-in person has connected the storage provider */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              connected: boolean;
              scope: string | null;
              connectedAt: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Forget the connection (its refresh token is deleted) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/storage-provider/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import a folder (and its subfolders) of the connected provider into a project building */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description building of a construction project (WRITE_ACCESS) (UUID) */
            buildingId: string;
            /** @description the folder at the provider, `/` for the root */
            folderPath: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              status: 'queued' | 'running' | 'done' | 'failed';
              buildingId: string;
              folderPath: string;
              /** @description files found in the folder and its subfolders */
              files: number;
              imported: number;
              skipped: {
                path: string;
                reason: string;
              }[];
              documentIds: string[];
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/storage-provider/import/{importId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How far an import has come */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description import id (UUID) */
          importId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              status: 'queued' | 'running' | 'done' | 'failed';
              buildingId: string;
              folderPath: string;
              /** @description files found in the folder and its subfolders */
              files: number;
              imported: number;
              skipped: {
                path: string;
                reason: string;
              }[];
              documentIds: string[];
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/storage-provider/oauth/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the storage provider sends the browser back (code and state, or error) */
    get: {
      parameters: {
        query?: {
          code?: string;
          state?: string;
          error?: string;
          error_description?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/storage-provider/oauth/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Send the browser to the storage provider to connect it */
    get: {
      parameters: {
        query?: {
          /** @description where to come back to */
          redirectUri?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The process can serve: the database answers */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Building owners visible to the credential */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              buildingOwners: {
                id: string;
                name: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Create a building owner (needs a key that reaches the whole partner) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One building owner */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Archive a building owner with its buildings (nothing is destroyed; needs whole-owner access) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename a building owner (needs whole-owner access) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/ask': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask a question about the documents of several buildings of an owner
     * @description As the building ask, over the buildings in building_ids (up to 100) or, when omitted, every building the credential can read. A building the credential cannot read is a 403; an unknown one a 404.
     */
    post: {
      parameters: {
        query?: {
          /** @description the question; required */
          query?: string;
          /** @description answer language; default: the question's language */
          language?: 'en' | 'no' | 'nb' | 'nn';
          /** @description continues a thread */
          thread_id?: string;
          /** @description true: Server-Sent Events (start, action, thinking, text, finish, error) */
          stream?: boolean;
          mode?: 'fast' | 'balanced' | 'deep';
          /** @description deprecated; high = deep, low and medium = balanced; ignored when mode is set */
          reasoning_effort?: 'low' | 'medium' | 'high';
          /** @description deprecated; false is rejected */
          use_agentic_rag?: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the question; required */
            query?: string;
            /** @description answer language; default: the question's language */
            language?: 'en' | 'no' | 'nb' | 'nn';
            /**
             * Format: uuid
             * @description continues a thread
             */
            thread_id?: string;
            /** @description true: Server-Sent Events (start, action, thinking, text, finish, error) */
            stream?: boolean;
            mode?: 'fast' | 'balanced' | 'deep';
            /** @description deprecated; high = deep, low and medium = balanced; ignored when mode is set */
            reasoning_effort?: 'low' | 'medium' | 'high';
            /** @description deprecated; false is rejected */
            use_agentic_rag?: boolean;
            /** @description documents always used as context */
            attached_document_ids?: string[];
            /** @description buildings to answer from; omitted: every building the credential can read */
            building_ids?: string[];
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description the answer, with markers [1], [2] ... for its citations */
              answer: string;
              /** @description pass it back as thread_id to continue the conversation */
              thread_id: string;
              /** @description keyed by the number of the marker in the answer */
              citations: {
                [key: string]: {
                  /** @description the passage as it stands in the extracted text of the document */
                  cited_text: string;
                  document_id: string;
                  /** @description present when the document has real pages (PDF, slides) */
                  page_number?: number;
                  /** @description the newer revision or version of the cited document; null when it is the latest */
                  superseded_by: string | null;
                };
              };
              cited_documents: {
                id: string;
                filename: string;
                /** @description the building the document belongs to (answers across buildings) */
                building_id: string;
              }[];
              follow_up_suggestions: string[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/ask/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's ask threads: with one building's documents (building_id) or across the owner's buildings
     * @description A thread belongs to whoever asked (a key and its session tokens, or a person); others never see it. Most recently continued first, at most 100.
     */
    get: {
      parameters: {
        query?: {
          /** @description the building; omitted: threads across buildings */
          building_id?: string;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              threads: {
                thread_id: string;
                /** @description null: a thread across buildings */
                building_id: string | null;
                first_question: string;
                turns: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/ask/threads/{threadId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the caller's threads with every question and answer, to read and continue (pass thread_id) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          threadId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              thread_id: string;
              building_id: string | null;
              turns: {
                query: string;
                /** Format: date-time */
                created_at: string;
                answer: {
                  /** @description the answer, with markers [1], [2] ... for its citations */
                  answer: string;
                  /** @description pass it back as thread_id to continue the conversation */
                  thread_id: string;
                  /** @description keyed by the number of the marker in the answer */
                  citations: {
                    [key: string]: {
                      /** @description the passage as it stands in the extracted text of the document */
                      cited_text: string;
                      document_id: string;
                      /** @description present when the document has real pages (PDF, slides) */
                      page_number?: number;
                      /** @description the newer revision or version of the cited document; null when it is the latest */
                      superseded_by: string | null;
                    };
                  };
                  cited_documents: {
                    id: string;
                    filename: string;
                    /** @description the building the document belongs to (answers across buildings) */
                    building_id: string;
                  }[];
                };
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Buildings of a building owner that the credential reaches */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              buildings: {
                id: string;
                name: string;
                numberOfFiles: number;
                privateFolders: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /** Create a building (needs whole-owner access); answers with the new id as a bare JSON string */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name: string;
          };
        };
      };
      responses: {
        /** @description the new building id, a UUID (v7); ids issued before as "bld_..." keep working */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One building */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              numberOfFiles: number;
              privateFolders: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Archive a building (nothing is destroyed) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Rename a building and/or set its private folders
     * @description Documents whose originalPath lies under a private folder are never returned by the partner API (list, get, search, ask, reports), but are counted in search numberOfHits.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description not blank */
            name?: string;
            privateFolders?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              name: string;
              numberOfFiles: number;
              privateFolders: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask a question about the documents of a building
     * @description Answers from the documents the credential can read, with numbered citations of the exact passage and page. Parameters come from the query string or a JSON body (the body wins). With stream=true the response is text/event-stream with the events start, action, thinking, text, finish and error. A credential may have a few asks answered at once (4 by default); one more is refused with 429 `ask.busy` and Retry-After.
     */
    post: {
      parameters: {
        query?: {
          /** @description the question; required */
          query?: string;
          /** @description answer language; default: the question's language */
          language?: 'en' | 'no' | 'nb' | 'nn';
          /** @description continues a thread */
          thread_id?: string;
          /** @description true: Server-Sent Events (start, action, thinking, text, finish, error) */
          stream?: boolean;
          mode?: 'fast' | 'balanced' | 'deep';
          /** @description deprecated; high = deep, low and medium = balanced; ignored when mode is set */
          reasoning_effort?: 'low' | 'medium' | 'high';
          /** @description deprecated; false is rejected */
          use_agentic_rag?: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description the question; required */
            query?: string;
            /** @description answer language; default: the question's language */
            language?: 'en' | 'no' | 'nb' | 'nn';
            /**
             * Format: uuid
             * @description continues a thread
             */
            thread_id?: string;
            /** @description true: Server-Sent Events (start, action, thinking, text, finish, error) */
            stream?: boolean;
            mode?: 'fast' | 'balanced' | 'deep';
            /** @description deprecated; high = deep, low and medium = balanced; ignored when mode is set */
            reasoning_effort?: 'low' | 'medium' | 'high';
            /** @description deprecated; false is rejected */
            use_agentic_rag?: boolean;
            /** @description documents always used as context */
            attached_document_ids?: string[];
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description the answer, with markers [1], [2] ... for its citations */
              answer: string;
              /** @description pass it back as thread_id to continue the conversation */
              thread_id: string;
              /** @description keyed by the number of the marker in the answer */
              citations: {
                [key: string]: {
                  /** @description the passage as it stands in the extracted text of the document */
                  cited_text: string;
                  document_id: string;
                  /** @description present when the document has real pages (PDF, slides) */
                  page_number?: number;
                  /** @description the newer revision or version of the cited document; null when it is the latest */
                  superseded_by: string | null;
                };
              };
              cited_documents: {
                id: string;
                filename: string;
                /** @description the building the document belongs to (answers across buildings) */
                building_id: string;
              }[];
              follow_up_suggestions: string[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/building_category': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Number of documents per NS 3451 building category */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              categoryCount: {
                [key: string]: number;
              };
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/building_category/{buildingCategory}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Documents of one building category, paged with next_token */
    get: {
      parameters: {
        query: {
          next_token?: string;
          limit: number;
          /** @description true: leave out documents superseded by a newer revision or version (decisions.md) */
          latest_revisions: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          buildingCategory: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                filename: string;
                title?: string;
                originalPath: string;
                buildingCategory: string | null;
                discipline: string | null;
                informationType: string | null;
                informationTypes: string[];
                isDrawing: boolean;
                isSchemaDrawing: boolean;
                serialNumber: string | null;
                size: number;
                md5Checksum: string | null;
                corrupt: boolean;
                drawingDate: string | null;
                drawingNumber: string | null;
                drawingRevision: string | null;
                drawingType: string | null;
                /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
                /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
                uploadedBy: string | null;
                floor: string | null;
                originalCreatedAt: string | null;
                asBuilt: boolean;
                externalIds?: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
                processedAt: string | null;
                /** @description the file was stored but its text could not be read */
                textExtractionError: boolean;
                /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
                duplicateOf: string | null;
                /** @description beyond the partner spec: what became of the document's processing, and why */
                processing: {
                  /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                  outcome:
                    'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                  /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                  reason: string | null;
                };
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Documents of a building, newest first by default */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
          sort_by: 'createdAt' | 'updatedAt';
          sort_order: 'asc' | 'desc';
          /** @description requires sort_by=updatedAt */
          updated_since?: string;
          /** @description true: leave out documents superseded by a newer revision or version (decisions.md) */
          latest_revisions: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                filename: string;
                title?: string;
                originalPath: string;
                buildingCategory: string | null;
                discipline: string | null;
                informationType: string | null;
                informationTypes: string[];
                isDrawing: boolean;
                isSchemaDrawing: boolean;
                serialNumber: string | null;
                size: number;
                md5Checksum: string | null;
                corrupt: boolean;
                drawingDate: string | null;
                drawingNumber: string | null;
                drawingRevision: string | null;
                drawingType: string | null;
                /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
                /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
                uploadedBy: string | null;
                floor: string | null;
                originalCreatedAt: string | null;
                asBuilt: boolean;
                externalIds?: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
                processedAt: string | null;
                /** @description the file was stored but its text could not be read */
                textExtractionError: boolean;
                /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
                duplicateOf: string | null;
                /** @description beyond the partner spec: what became of the document's processing, and why */
                processing: {
                  /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                  outcome:
                    'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                  /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                  reason: string | null;
                };
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    /**
     * Register a document and get a URL to PUT its bytes to
     * @description A filename holding a path ("VVS/Ventilasjon/FDV aggregat 1.pdf") keeps the path in originalPath. PUT the file to uploadUrl with its Content-Type; processing starts when the bytes arrive.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            filename: string;
            /** Format: date-time */
            originalCreatedAt?: string;
            serialNumber?: string;
            /** @description a live document of the same building this file is a new version of: once uploaded, it supersedes that document (404 for an unknown id, 409 when that document is already superseded) */
            replacesDocumentId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documentId: string;
              uploadUrl: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/bulk-update-metadata': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the category, discipline and/or information types of many documents of the building at once
     * @description Each value is a person's correction (kept by reprocessing, learnt by the owner's classifier). All values and ids are checked first; then every document changes, or none. Answers per document what changed.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description 1 to 5000 document ids of this building */
            documentIds: string[];
            /** @description NS 3451 code or MSC */
            buildingCategory?: string;
            /** @description a discipline code of the reference data; null clears it */
            discipline?: string | null;
            /** @description all information type ids, primary first (replaces the list) */
            informationTypes?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                changed: string[];
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/zip': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Download many documents of the building as one zip, streamed as it is written
     * @description The files keep their upload folders; a manifest.csv (path, size, documentId) comes last. The whole list is checked before the first byte: a failure is a problem, never a broken zip. `check=true` answers the check alone (200 { count, filename }), for a page that reports errors before starting a download. A form post (application/x-www-form-urlencoded) may send documentIds as one comma-separated field. A credential may have a few downloads streaming at once (2 by default); one more is refused with 429 `zip.busy` and Retry-After.
     */
    post: {
      parameters: {
        query?: {
          /** @description true: check the request, send no zip */
          check?: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            documentIds: string[] | string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  count: number;
                  filename: string;
                }
              | string;
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One document with signed download and preview URLs (valid 1 hour) and its classification evidence */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              filename: string;
              title?: string;
              originalPath: string;
              buildingCategory: string | null;
              discipline: string | null;
              informationType: string | null;
              informationTypes: string[];
              isDrawing: boolean;
              isSchemaDrawing: boolean;
              serialNumber: string | null;
              size: number;
              md5Checksum: string | null;
              corrupt: boolean;
              drawingDate: string | null;
              drawingNumber: string | null;
              drawingRevision: string | null;
              drawingType: string | null;
              /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
              /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
              uploadedBy: string | null;
              floor: string | null;
              originalCreatedAt: string | null;
              asBuilt: boolean;
              externalIds?: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
              processedAt: string | null;
              /** @description the file was stored but its text could not be read */
              textExtractionError: boolean;
              /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
              duplicateOf: string | null;
              /** @description beyond the partner spec: what became of the document's processing, and why */
              processing: {
                /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                outcome: 'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                reason: string | null;
              };
              /** @description pre-signed download URL, valid 1 hour */
              url: string;
              /** @description pre-signed PDF preview URL, valid 1 hour, or null */
              previewUrl: string | null;
              /** @description for each classified field: the value, a confidence and the signals that decided it */
              classification?: {
                [key: string]: {
                  value: unknown;
                  confidence: number;
                  /** @description the signals in the classifier's own words (English) */
                  evidence: string[];
                  /** @description the signals of `evidence`, in the same order, as codes with parameters for saying them in words */
                  signals: {
                    /** @description stable code of the signal ('filename_token', 'mentions' ...); 'unknown' for one without a code */
                    code: string;
                    /** @description what the signal found: { "token": "ARK" }, { "place": "filename", "word": "FDV" } ... */
                    params: {
                      [key: string]: string | number | boolean;
                    };
                    /** @description the same signal as in `evidence` */
                    text: string;
                  }[];
                };
              };
              /** @description the newest person's correction of each classified field */
              corrections?: {
                /** @description the classified field a person corrected (buildingCategory, ...) */
                field: string;
                /** Format: date-time */
                correctedAt: string;
                /** @description the person's name (their e-mail without one); null for a partner's key */
                correctedBy: string | null;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Archive a document: it leaves lists, search, answers and counts; the operator can restore it */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Update metadata; a category set here is never overwritten by reprocessing */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            filename?: string;
            /** @description NS 3451 code or MSC */
            buildingCategory?: string;
            /** Format: date-time */
            originalCreatedAt?: string;
            serialNumber?: string | null;
            /** @description primary information type id; put first in informationTypes (added when missing) */
            informationType?: string;
            /** @description a person's drawing number: kept by reprocessing; the revision chains follow it */
            drawingNumber?: string | null;
            /** @description a person's revision: kept by reprocessing; the revision chains follow it */
            drawingRevision?: string | null;
            /** @description all information type ids, primary first; a person's types are never overwritten by reprocessing */
            informationTypes?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              filename: string;
              title?: string;
              originalPath: string;
              buildingCategory: string | null;
              discipline: string | null;
              informationType: string | null;
              informationTypes: string[];
              isDrawing: boolean;
              isSchemaDrawing: boolean;
              serialNumber: string | null;
              size: number;
              md5Checksum: string | null;
              corrupt: boolean;
              drawingDate: string | null;
              drawingNumber: string | null;
              drawingRevision: string | null;
              drawingType: string | null;
              /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
              supersededBy: string | null;
              /** @description exactly supersededBy === null */
              isLatestRevision: boolean;
              /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
              uploadedBy: string | null;
              floor: string | null;
              originalCreatedAt: string | null;
              asBuilt: boolean;
              externalIds?: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
              processedAt: string | null;
              /** @description the file was stored but its text could not be read */
              textExtractionError: boolean;
              /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
              duplicateOf: string | null;
              /** @description beyond the partner spec: what became of the document's processing, and why */
              processing: {
                /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                outcome: 'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                reason: string | null;
              };
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/pages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The extracted text of a document's pages, 50 at most per call (for quoting and citing by page) */
    get: {
      parameters: {
        query: {
          /** @description the first page (1-based) */
          from: number;
          /** @description the last page, included (at most 50 pages from `from`) */
          to?: number;
          /** @description the `nextToken` of the previous call (from the page after its last) */
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documentId: string;
              filename: string;
              /** @description pages of the document; null before processing */
              pageCount: number | null;
              pages: {
                /** @description pages count from 1 */
                page_number: number;
                /** @description the same as page_number (kept for earlier clients) */
                pageNumber: number;
                text: string;
                /** @description read by OCR from an image of the page */
                ocr: boolean;
              }[];
              /** @description pass as `next_token` for the following pages; null when this call read up to the last page or `to` */
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Document processing status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              document_id: string;
              filename: string;
              building_id: string;
              building_category: string | null;
              corrupt: boolean;
              size: number;
              extracted_text: boolean;
              extracted_file: boolean;
              uncompressed_package: boolean;
              valid_file: boolean;
              invalid_file: boolean;
              categorised: boolean;
              skip_extract_file: boolean;
              text_extraction_error: boolean;
              /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
              outcome: 'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
              /** @description beyond the partner spec: why, in words, when a person should know (see `processing` of a document) */
              reason: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The whole chain of versions and drawing revisions the document belongs to, newest first
     * @description From any member of the chain; a document with no other version answers a list of itself. The same access as reading the document.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              versions: {
                id: string;
                filename: string;
                title?: string;
                originalPath: string;
                buildingCategory: string | null;
                discipline: string | null;
                informationType: string | null;
                informationTypes: string[];
                isDrawing: boolean;
                isSchemaDrawing: boolean;
                serialNumber: string | null;
                size: number;
                md5Checksum: string | null;
                corrupt: boolean;
                drawingDate: string | null;
                drawingNumber: string | null;
                drawingRevision: string | null;
                drawingType: string | null;
                /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
                /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
                uploadedBy: string | null;
                floor: string | null;
                originalCreatedAt: string | null;
                asBuilt: boolean;
                externalIds?: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
                processedAt: string | null;
                /** @description the file was stored but its text could not be read */
                textExtractionError: boolean;
                /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
                duplicateOf: string | null;
                /** @description beyond the partner spec: what became of the document's processing, and why */
                processing: {
                  /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                  outcome:
                    'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                  /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                  reason: string | null;
                };
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A building's maintenance plan: tasks found in its documents (with the verbatim text and page that state each) and tasks people added; format=csv or format=ics for the whole plan as a spreadsheet or a calendar */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
          /** @description csv: text/csv, one row per task; ics: an iCalendar file, a recurring event per task with an interval */
          format: 'json' | 'csv' | 'ics';
          /** @description ics: the plan's start date (each event's DTSTART); default: the day each task was made */
          start?: string;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              tasks: {
                id: string;
                component: string;
                /** @description TFM, e.g. "=360.001-LB01" or "360.001" */
                componentCode: string | null;
                /** @description NS 3451 */
                buildingCategory: string | null;
                /** @description inspect, clean, replace, test, lubricate, service, adjust, drain, ... */
                action: string;
                /** @description null: not a calendar interval (operating hours), or none given */
                interval: {
                  every: number;
                  unit: 'day' | 'week' | 'month' | 'year';
                } | null;
                /** @description the interval as the document says it */
                intervalText: string;
                performedBy: 'owner' | 'operator' | 'service_company' | null;
                source: 'extracted' | 'person';
                status: 'proposed' | 'confirmed';
                citation: {
                  document_id: string;
                  page_number: number | null;
                  /** @description verbatim page text that states the task */
                  cited_text: string;
                } | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Add a person's own task to the plan (source person, confirmed); needs a key or WRITE_ACCESS */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            component: string;
            componentCode?: string | null;
            buildingCategory?: string | null;
            action: string;
            interval?: {
              every: number;
              unit: 'day' | 'week' | 'month' | 'year';
            } | null;
            intervalText?: string;
            performedBy?: 'owner' | 'operator' | 'service_company' | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              component: string;
              /** @description TFM, e.g. "=360.001-LB01" or "360.001" */
              componentCode: string | null;
              /** @description NS 3451 */
              buildingCategory: string | null;
              /** @description inspect, clean, replace, test, lubricate, service, adjust, drain, ... */
              action: string;
              /** @description null: not a calendar interval (operating hours), or none given */
              interval: {
                every: number;
                unit: 'day' | 'week' | 'month' | 'year';
              } | null;
              /** @description the interval as the document says it */
              intervalText: string;
              performedBy: 'owner' | 'operator' | 'service_company' | null;
              source: 'extracted' | 'person';
              status: 'proposed' | 'confirmed';
              citation: {
                document_id: string;
                page_number: number | null;
                /** @description verbatim page text that states the task */
                cited_text: string;
              } | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks/{taskId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a task from the plan (an extracted one comes back only if its document is uploaded again) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description maintenance task id */
          taskId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Confirm or edit a task; an edited extracted task is kept as the person left it when its document is processed again */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description maintenance task id */
          taskId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            component?: string;
            componentCode?: string | null;
            action?: string;
            interval?: {
              every: number;
              unit: 'day' | 'week' | 'month' | 'year';
            } | null;
            performedBy?: 'owner' | 'operator' | 'service_company' | null;
            status?: 'proposed' | 'confirmed';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              component: string;
              /** @description TFM, e.g. "=360.001-LB01" or "360.001" */
              componentCode: string | null;
              /** @description NS 3451 */
              buildingCategory: string | null;
              /** @description inspect, clean, replace, test, lubricate, service, adjust, drain, ... */
              action: string;
              /** @description null: not a calendar interval (operating hours), or none given */
              interval: {
                every: number;
                unit: 'day' | 'week' | 'month' | 'year';
              } | null;
              /** @description the interval as the document says it */
              intervalText: string;
              performedBy: 'owner' | 'operator' | 'service_company' | null;
              source: 'extracted' | 'person';
              status: 'proposed' | 'confirmed';
              citation: {
                document_id: string;
                page_number: number | null;
                /** @description verbatim page text that states the task */
                cited_text: string;
              } | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The newest deficiency report of a country (of any country without one), with progress per theme */
    get: {
      parameters: {
        query?: {
          /** @description NO: Norwegian regulations (TEK17, SAK10 ...); GB: UK regulations (Building Safety Act, Approved Documents ...) */
          country?: 'NO' | 'GB';
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description every item, themes first in each group, nested by parentId */
              themes: {
                id: string;
                /** @description stable checklist id, e.g. fire_safety.design */
                nameId: string;
                /** @description the theme’s name in the report’s locale */
                theme: string;
                name: string;
                description: string;
                /** @description legal basis, e.g. "TEK17 § 11-11" */
                laws: string;
                /** @description responsible discipline codes, ;-separated, or ALL */
                discipline: string;
                nameParentId: string | null;
                /** @description evidence found and what is missing, or the comment a person wrote */
                comment: string;
                /** @description complete, partial, missing or not_applicable */
                status: 'complete' | 'partial' | 'missing' | 'not_applicable';
                /** @description null for the themes at the top */
                parentId: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
              progressDetails: {
                theme: string;
                /** @description complete items */
                progress: number;
                /** @description items that apply to the building */
                total: number;
                percentage: number;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items of the building’s newest deficiency report (any country), flat, nested through parentId */
    get: {
      parameters: {
        query?: {
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              /** @description stable checklist id, e.g. fire_safety.design */
              nameId: string;
              /** @description the theme’s name in the report’s locale */
              theme: string;
              name: string;
              description: string;
              /** @description legal basis, e.g. "TEK17 § 11-11" */
              laws: string;
              /** @description responsible discipline codes, ;-separated, or ALL */
              discipline: string;
              nameParentId: string | null;
              /** @description evidence found and what is missing, or the comment a person wrote */
              comment: string;
              /** @description complete, partial, missing or not_applicable */
              status: 'complete' | 'partial' | 'missing' | 'not_applicable';
              /** @description null for the themes at the top */
              parentId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /** Generate a deficiency report; answers 200 with the report once it is ready, or 202 if it takes longer than the wait bound */
    post: {
      parameters: {
        query?: {
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description NO: Norwegian regulations (TEK17, SAK10 ...); GB: UK regulations (Building Safety Act, Approved Documents ...) */
            country: 'NO' | 'GB';
            /** @description checklist version; v2 goes into more depth */
            version: 'v1' | 'v2';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description every item, themes first in each group, nested by parentId */
              themes: {
                id: string;
                /** @description stable checklist id, e.g. fire_safety.design */
                nameId: string;
                /** @description the theme’s name in the report’s locale */
                theme: string;
                name: string;
                description: string;
                /** @description legal basis, e.g. "TEK17 § 11-11" */
                laws: string;
                /** @description responsible discipline codes, ;-separated, or ALL */
                discipline: string;
                nameParentId: string | null;
                /** @description evidence found and what is missing, or the comment a person wrote */
                comment: string;
                /** @description complete, partial, missing or not_applicable */
                status: 'complete' | 'partial' | 'missing' | 'not_applicable';
                /** @description null for the themes at the top */
                parentId: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
              progressDetails: {
                theme: string;
                /** @description complete items */
                progress: number;
                /** @description items that apply to the building */
                total: number;
                percentage: number;
              }[];
            };
          };
        };
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              state: 'pending';
              /** @description read the report with GET .../report once it is ready */
              reportId: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Write a comment on a report item; it replaces the generated comment and survives regeneration (null clears it) */
    patch: {
      parameters: {
        query?: {
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description report item id */
          itemId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            comment: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              /** @description stable checklist id, e.g. fire_safety.design */
              nameId: string;
              /** @description the theme’s name in the report’s locale */
              theme: string;
              name: string;
              description: string;
              /** @description legal basis, e.g. "TEK17 § 11-11" */
              laws: string;
              /** @description responsible discipline codes, ;-separated, or ALL */
              discipline: string;
              nameParentId: string | null;
              /** @description evidence found and what is missing, or the comment a person wrote */
              comment: string;
              /** @description complete, partial, missing or not_applicable */
              status: 'complete' | 'partial' | 'missing' | 'not_applicable';
              /** @description null for the themes at the top */
              parentId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Documents a person linked to a report item as evidence */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description report item id */
          itemId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              documents: {
                id: string;
                filename: string;
                title?: string;
                originalPath: string;
                buildingCategory: string | null;
                discipline: string | null;
                informationType: string | null;
                informationTypes: string[];
                isDrawing: boolean;
                isSchemaDrawing: boolean;
                serialNumber: string | null;
                size: number;
                md5Checksum: string | null;
                corrupt: boolean;
                drawingDate: string | null;
                drawingNumber: string | null;
                drawingRevision: string | null;
                drawingType: string | null;
                /** @description the next newer revision of the same drawing, or the new version of this file, in the same building; null for the latest */
                supersededBy: string | null;
                /** @description exactly supersededBy === null */
                isLatestRevision: boolean;
                /** @description beyond the partner spec: who uploaded it (a signed-in person's name, or the name a subcontractor gave); null for an upload by a partner's key */
                uploadedBy: string | null;
                floor: string | null;
                originalCreatedAt: string | null;
                asBuilt: boolean;
                externalIds?: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description when processing finished (extracted, classified or found corrupt); null while it runs */
                processedAt: string | null;
                /** @description the file was stored but its text could not be read */
                textExtractionError: boolean;
                /** @description beyond the partner spec: the id of the building's first document with the same bytes (MD5) when this one is a second copy; null otherwise */
                duplicateOf: string | null;
                /** @description beyond the partner spec: what became of the document's processing, and why */
                processing: {
                  /** @description waiting_for_upload, processing, read, unpacked (an archive), no_text, corrupt or invalid */
                  outcome:
                    'waiting_for_upload' | 'processing' | 'read' | 'unpacked' | 'no_text' | 'corrupt' | 'invalid';
                  /** @description why, in words, when a person should know: "The name says .docx, but the content is a PDF; it was read as what it is", "PDF is encrypted with a password; it cannot be read without it" */
                  reason: string | null;
                };
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents/{documentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Link a document to a report item as evidence: it always counts, and the item is answered with its new status */
    put: {
      parameters: {
        query?: {
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description report item id */
          itemId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              /** @description stable checklist id, e.g. fire_safety.design */
              nameId: string;
              /** @description the theme’s name in the report’s locale */
              theme: string;
              name: string;
              description: string;
              /** @description legal basis, e.g. "TEK17 § 11-11" */
              laws: string;
              /** @description responsible discipline codes, ;-separated, or ALL */
              discipline: string;
              nameParentId: string | null;
              /** @description evidence found and what is missing, or the comment a person wrote */
              comment: string;
              /** @description complete, partial, missing or not_applicable */
              status: 'complete' | 'partial' | 'missing' | 'not_applicable';
              /** @description null for the themes at the top */
              parentId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Unlink a document from a report item; the item is answered with its new status */
    delete: {
      parameters: {
        query?: {
          /** @description en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en */
          locale?: 'en' | 'nb' | 'no' | 'nn';
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
          /** @description report item id */
          itemId: string;
          /** @description document id */
          documentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              /** @description stable checklist id, e.g. fire_safety.design */
              nameId: string;
              /** @description the theme’s name in the report’s locale */
              theme: string;
              name: string;
              description: string;
              /** @description legal basis, e.g. "TEK17 § 11-11" */
              laws: string;
              /** @description responsible discipline codes, ;-separated, or ALL */
              discipline: string;
              nameParentId: string | null;
              /** @description evidence found and what is missing, or the comment a person wrote */
              comment: string;
              /** @description complete, partial, missing or not_applicable */
              status: 'complete' | 'partial' | 'missing' | 'not_applicable';
              /** @description null for the themes at the top */
              parentId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Full-text search in one building */
    get: {
      parameters: {
        query: {
          /** @description words, "quoted phrases" and -exclusions */
          query: string;
          max_results: number;
          /** @description paging reaches at most 10000 results */
          start_index: number;
          discipline?: string;
          document_type?: 'document' | 'drawing';
          floor?: string;
          /** @description NS 3451 code: documents under it or any code below it (an addition to the partner spec) */
          category?: string;
          /** @description file extension without the dot, e.g. pdf (an addition to the partner spec) */
          extension?: string;
          sort_by: 'relevance' | 'createdAt' | 'updatedAt' | 'filename';
          /** @description applies only when sort_by is not relevance */
          sort_order: 'asc' | 'desc';
          include_aggregations: boolean;
          fuzziness: 'auto' | 'on' | 'off';
          /** @description true: leave out documents superseded by a newer revision or version (decisions.md) */
          latest_revisions: boolean;
          /** @description true: each hit carries up to 3 passages of its pages that matched, with highlighted words */
          include_passages: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              hits: {
                id: string;
                buildingId: string;
                filename: string;
                title?: string;
                buildingCategory?: string;
                discipline?: string;
                isDrawing?: boolean;
                asBuilt?: boolean;
                drawingRevision?: string;
                supersededBy: string | null;
                isLatestRevision: boolean;
                drawingType?: string;
                drawingDate?: string;
                md5Checksum?: string;
                originalCreatedAt?: string;
                originalPath?: string;
                /** @description bytes */
                size?: number;
                informationType?: string;
                informationTypes?: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                relevanceScore?: number;
                externalIds?: {
                  [key: string]: string;
                };
                /** @description with include_passages=true: up to 3, best first; empty when the document matched on its name or title only */
                passages?: {
                  page_number: number;
                  /** @description a verbatim excerpt of the page's extracted text, at most 400 characters */
                  text: string;
                  /** @description half-open [start, end) ranges in `text` (UTF-16 indices), each a whole word that matched the query */
                  highlights: number[][];
                }[];
              }[];
              /** @description an upper bound: documents in private folders are counted but not returned */
              numberOfHits: number;
              aggregations?: {
                discipline?: {
                  key: string;
                  count: number;
                }[];
                category?: {
                  key: string;
                  count: number;
                }[];
                extension?: {
                  key: string;
                  count: number;
                }[];
                drawing_floor?: {
                  key: string;
                  count: number;
                }[];
              };
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Building processing status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
          /** @description building id */
          buildingId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              extracted_text: boolean;
              extracted_file: boolean;
              uncompressed_package: boolean;
              valid_file: boolean;
              invalid_file: boolean;
              categorised: boolean;
              skip_extract_file: boolean;
              text_extraction_error: boolean;
              total_documents: number;
              processed_documents: number;
              categorized_documents: number;
              extracted_percentage: number;
              categorized_percentage: number;
              /** @description beyond the partner spec: documents that repeat the bytes (MD5) of an earlier one in their building */
              duplicate_documents: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/maintenance_tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An owner's maintenance plan across the buildings the caller reaches (or one, building_id), each task with its buildingId; format=csv or format=ics as for one building */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
          /** @description csv: text/csv, one row per task; ics: an iCalendar file, a recurring event per task with an interval */
          format: 'json' | 'csv' | 'ics';
          /** @description ics: the plan's start date (each event's DTSTART); default: the day each task was made */
          start?: string;
          /** @description only this building */
          building_id?: string;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              tasks: {
                id: string;
                component: string;
                /** @description TFM, e.g. "=360.001-LB01" or "360.001" */
                componentCode: string | null;
                /** @description NS 3451 */
                buildingCategory: string | null;
                /** @description inspect, clean, replace, test, lubricate, service, adjust, drain, ... */
                action: string;
                /** @description null: not a calendar interval (operating hours), or none given */
                interval: {
                  every: number;
                  unit: 'day' | 'week' | 'month' | 'year';
                } | null;
                /** @description the interval as the document says it */
                intervalText: string;
                performedBy: 'owner' | 'operator' | 'service_company' | null;
                source: 'extracted' | 'person';
                status: 'proposed' | 'confirmed';
                citation: {
                  document_id: string;
                  page_number: number | null;
                  /** @description verbatim page text that states the task */
                  cited_text: string;
                } | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                buildingId: string;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Full-text search across a building owner (a building-scoped key: its buildings, at most 100) */
    get: {
      parameters: {
        query: {
          /** @description words, "quoted phrases" and -exclusions */
          query: string;
          max_results: number;
          /** @description paging reaches at most 10000 results */
          start_index: number;
          discipline?: string;
          document_type?: 'document' | 'drawing';
          floor?: string;
          /** @description NS 3451 code: documents under it or any code below it (an addition to the partner spec) */
          category?: string;
          /** @description file extension without the dot, e.g. pdf (an addition to the partner spec) */
          extension?: string;
          sort_by: 'relevance' | 'createdAt' | 'updatedAt' | 'filename';
          /** @description applies only when sort_by is not relevance */
          sort_order: 'asc' | 'desc';
          include_aggregations: boolean;
          fuzziness: 'auto' | 'on' | 'off';
          /** @description true: leave out documents superseded by a newer revision or version (decisions.md) */
          latest_revisions: boolean;
          /** @description true: each hit carries up to 3 passages of its pages that matched, with highlighted words */
          include_passages: boolean;
        };
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              hits: {
                id: string;
                buildingId: string;
                filename: string;
                title?: string;
                buildingCategory?: string;
                discipline?: string;
                isDrawing?: boolean;
                asBuilt?: boolean;
                drawingRevision?: string;
                supersededBy: string | null;
                isLatestRevision: boolean;
                drawingType?: string;
                drawingDate?: string;
                md5Checksum?: string;
                originalCreatedAt?: string;
                originalPath?: string;
                /** @description bytes */
                size?: number;
                informationType?: string;
                informationTypes?: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                relevanceScore?: number;
                externalIds?: {
                  [key: string]: string;
                };
                /** @description with include_passages=true: up to 3, best first; empty when the document matched on its name or title only */
                passages?: {
                  page_number: number;
                  /** @description a verbatim excerpt of the page's extracted text, at most 400 characters */
                  text: string;
                  /** @description half-open [start, end) ranges in `text` (UTF-16 indices), each a whole word that matched the query */
                  highlights: number[][];
                }[];
              }[];
              /** @description an upper bound: documents in private folders are counted but not returned */
              numberOfHits: number;
              aggregations?: {
                discipline?: {
                  key: string;
                  count: number;
                }[];
                category?: {
                  key: string;
                  count: number;
                }[];
                extension?: {
                  key: string;
                  count: number;
                }[];
                drawing_floor?: {
                  key: string;
                  count: number;
                }[];
              };
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchange the API key for a short-lived, read-only token for one building owner */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description seconds
             * @default 3600
             */
            expires_in?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              token: string;
              /** Format: date-time */
              expires_at: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/building_owners/{buildingOwnerId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Processing status summed over the buildings the credential reaches */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description building owner id */
          buildingOwnerId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              extracted_text: boolean;
              extracted_file: boolean;
              uncompressed_package: boolean;
              valid_file: boolean;
              invalid_file: boolean;
              categorised: boolean;
              skip_extract_file: boolean;
              text_extraction_error: boolean;
              total_documents: number;
              processed_documents: number;
              categorized_documents: number;
              extracted_percentage: number;
              categorized_percentage: number;
              /** @description beyond the partner spec: documents that repeat the bytes (MD5) of an earlier one in their building */
              duplicate_documents: number;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Webhooks (without their secrets) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              webhooks: {
                id: string;
                url: string;
                events: string[];
                description: string | null;
                enabled: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[];
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Register a webhook: the secret of its signatures is in this answer only
     * @description A partner (all its keys together) or a customer has at most 25 webhooks: 409 `webhook.limit_reached` past that.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description https URL events are POSTed to; hosts inside private networks are refused */
            url: string;
            /** @description the event types sent to this URL */
            events: (
              | 'document.processed'
              | 'document.failed'
              | 'document.deleted'
              | 'building.created'
              | 'building.deleted'
              | 'report.generated'
              | 'webhook.test'
            )[];
            description?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** @description `whsec_` + base64 of 32 random bytes: the key of the signatures, shown only here */
              secret: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One webhook */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a webhook: nothing more is sent to it */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a webhook: its URL, events, description, or whether it is enabled */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description https URL events are POSTed to; hosts inside private networks are refused */
            url?: string;
            /** @description the event types sent to this URL */
            events?: (
              | 'document.processed'
              | 'document.failed'
              | 'document.deleted'
              | 'building.created'
              | 'building.deleted'
              | 'report.generated'
              | 'webhook.test'
            )[];
            description?: string | null;
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              url: string;
              events: string[];
              description: string | null;
              enabled: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    trace?: never;
  };
  '/v1/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A webhook's deliveries, newest first, with each one's status and attempts */
    get: {
      parameters: {
        query: {
          limit: number;
          next_token?: string;
        };
        header?: never;
        path: {
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              deliveries: {
                id: string;
                /** @description the webhook-id header: the same on every attempt */
                eventId: string;
                type: string;
                /** @description attempts made so far */
                attempt: number;
                status: 'pending' | 'succeeded' | 'failed';
                responseStatus: number | null;
                error: string | null;
                /** Format: date-time */
                createdAt: string;
                nextAttemptAt: string | null;
              }[];
              nextToken: string | null;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{webhookId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook.test event to this webhook
     * @description At most 5 test deliveries of a webhook wait at once: 429 `webhook.too_many_tests` with Retry-After past that.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description webhook id (UUID) */
          webhookId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              eventId: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
        /** @description application/problem+json (RFC 9457) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              type: string;
              title: string;
              status: number;
              detail: string;
              /** @description stable error code, e.g. document.not_found */
              code: string;
              errors?: {
                path: string;
                message: string;
              }[];
              instance?: string;
              requestId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
