// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title LocalBatchExecutor
/// @notice What the browser test wallet delegates its account to with EIP-7702, so that an EIP-5792
/// batch (`wallet_sendCalls`, e.g. approve + stake) is ONE transaction that runs every call or none.
/// @dev Only ever used on local development chains. Code delegated by EIP-7702 runs as the account
/// itself: `address(this)` is the account, so requiring `msg.sender == address(this)` means only a
/// transaction the account signed and sent to itself can run a batch; anyone else is refused.
contract LocalBatchExecutor {
    /// @notice One call of a batch.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice Someone other than the account itself asked to run a batch.
    error OnlyAccountItself();

    /// @notice Call `index` of the batch failed with `reason`; nothing of the batch happened.
    error CallFailed(uint256 index, bytes reason);

    /// @notice Runs `calls` in order; if one fails, the whole transaction reverts (atomic).
    /// @param calls The calls, each with its target, value and calldata.
    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert OnlyAccountItself();
        for (uint256 i = 0; i < calls.length; ++i) {
            // slither-disable-next-line arbitrary-send-eth,low-level-calls
            (bool ok, bytes memory reason) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, reason);
        }
    }

    /// @notice A delegated account still receives plain ether transfers, as it did before.
    receive() external payable {}
}
