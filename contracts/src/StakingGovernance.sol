// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingStorage} from "./StakingStorage.sol";

/// @title StakingGovernance
/// @notice Governance: pause, and the parameters that change only through the 48 h timelock (with hard
///         caps).
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingGovernance is StakingStorage {
    /// @notice Pauses the pool: no new stakes or purchases, and every position's principal can be
    ///         released at once.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Unpauses the pool.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Queues a parameter change, executable after TIMELOCK_DELAY. Operator only. Replaces a
    ///         change already queued for the same parameter (with a new eta).
    /// @param param The parameter.
    /// @param value The new value (an address as its uint160).
    function queueParam(Param param, uint256 value) external onlyOwner {
        _validateParam(param, value);
        uint64 eta = uint64(block.timestamp + TIMELOCK_DELAY);
        pendingChanges[param] = PendingChange({value: value, eta: eta});
        emit ParamQueued(param, value, eta);
    }

    /// @notice Cancels a queued change. Operator only.
    /// @param param The parameter.
    function cancelParam(Param param) external onlyOwner {
        if (pendingChanges[param].eta == 0) revert NothingQueued(param);
        delete pendingChanges[param];
        emit ParamCancelled(param);
    }

    /// @notice Applies a queued change once its eta has passed and at most TIMELOCK_GRACE after it.
    ///         Operator only.
    /// @param param The parameter.
    function executeParam(Param param) external onlyOwner {
        PendingChange memory change = pendingChanges[param];
        if (change.eta == 0) revert NothingQueued(param);
        if (block.timestamp < change.eta) revert TimelockNotReady(change.eta);
        uint256 expiresAt = uint256(change.eta) + TIMELOCK_GRACE;
        if (block.timestamp > expiresAt) revert ChangeExpired(expiresAt);
        delete pendingChanges[param];
        _setParam(param, change.value);
    }

    function _validateParam(Param param, uint256 value) internal view {
        bool ok;
        if (param == Param.FeeBps) {
            ok = value <= MAX_FEE_BPS;
        } else if (param == Param.MinWithdrawal) {
            ok = value <= maxMinWithdrawal;
        } else if (param == Param.NodePrice || param == Param.FounderPrice) {
            ok = value != 0 && value <= type(uint128).max;
        } else if (param == Param.NodeLimit) {
            ok = value >= nodeSold && value <= type(uint32).max;
        } else if (param == Param.FounderLimit) {
            ok = value >= founderSold && value <= type(uint32).max;
        } else {
            ok = value != 0 && value <= type(uint160).max;
            address to = address(uint160(value));
            // payTreasury would send the proceeds to a contract that owes them to no one.
            if (ok && (to == address(this) || to == address(usdc) || to == address(rewardToken))) {
                revert InvalidTreasury(to);
            }
        }
        if (!ok) revert InvalidParamValue(param, value);
    }

    function _setParam(Param param, uint256 value) internal {
        _validateParam(param, value);
        if (param == Param.FeeBps) feeBps = value;
        else if (param == Param.MinWithdrawal) _minWithdrawal = uint128(value);
        else if (param == Param.NodePrice) nodePrice = value;
        else if (param == Param.NodeLimit) nodeLimit = value;
        else if (param == Param.FounderPrice) founderPrice = value;
        else if (param == Param.FounderLimit) founderLimit = value;
        else treasury = address(uint160(value));
        emit ParamChanged(param, value);
    }
}
