/*
 * status.c — turns an attn_status code into a sentence a learner can read.
 */
#include "attn.h"

static const char *const messages[ATTN_STATUS_COUNT] = {
    [ATTN_OK] = "Everything went fine.",
    [ATTN_ERR_NULL] = "A required input or output was missing (a null pointer was passed).",
    [ATTN_ERR_SIZE] = "Every size must be a whole number of at least 1.",
    [ATTN_ERR_OVERFLOW] = "These sizes are too large: the tensors would not fit in memory.",
    [ATTN_ERR_MASK_KIND] = "Unknown mask kind: use none, causal, or a mask of the right shape.",
    [ATTN_ERR_ARGUMENT] = "An argument is outside the range this function accepts.",
    [ATTN_ERR_SHAPE] = "These shapes do not fit together.",
    [ATTN_ERR_VALUE] = "An input holds NaN or infinity where a finite number is needed.",
    [ATTN_ERR_MEMORY] = "Not enough memory to create this object.",
    [ATTN_ERR_FORMAT] = "This data is not in the expected format, or it is damaged.",
    [ATTN_ERR_NO_GAP] = "The clean and corrupted prompts give the same metric, so there is no gap for a patch to restore.",
};

const char *attn_status_string(int code) {
    if (code < 0 || code >= ATTN_STATUS_COUNT || messages[code] == 0)
        return "Unknown status code.";
    return messages[code];
}
