// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingStorage} from "./StakingStorage.sol";

/// @title StakingReferrals
/// @notice The referral tree: binding a superior, uplines at depths 1-3, team performance and levels.
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingReferrals is StakingStorage {
    /// @notice Binds `upline` as the caller's superior. Permanent; once per address.
    /// @dev The upline must already be in the tree (the root or bound), so cycles cannot form, and a
    ///      user's uplines at depths 1-3 never change afterwards.
    /// @param upline The superior: the root or an address that is already bound.
    function bindSuperior(address upline) external {
        if (msg.sender == root) revert RootCannotBind();
        if (_accounts[msg.sender].superior != address(0)) revert AlreadyBound();
        if (upline == msg.sender) revert SelfBinding();
        if (!isInTree(upline)) revert UplineNotInTree(upline);
        _accounts[msg.sender].superior = upline;
        emit SuperiorBound(msg.sender, upline);
    }

    /// @notice The superior (depth-1 upline) of `user`; the zero address when none.
    /// @param user The address to look up.
    /// @return The superior, or address(0).
    function getSuperior(address user) external view returns (address) {
        return _accounts[user].superior;
    }

    /// @notice Uplines of `user` at depth 1, 2 and 3; the zero address where there is none.
    /// @param user The address to look up.
    /// @return uplines `[depth1, depth2, depth3]`.
    function selectUplines(address user) public view returns (address[3] memory uplines) {
        address current = user;
        for (uint256 i = 0; i < REFERRAL_DEPTH; ++i) {
            current = _accounts[current].superior;
            if (current == address(0)) break;
            uplines[i] = current;
        }
    }

    /// @notice Whether `user` is in the referral tree (the root, or bound to a superior).
    /// @param user The address to look up.
    /// @return True when `user` may stake and may be chosen as an upline.
    function isInTree(address user) public view returns (bool) {
        return user == root || _accounts[user].superior != address(0);
    }

    /// @notice Level of `user`: how many of the deployment's thresholds its team performance reaches.
    /// @param user The address to look up.
    /// @return level 0..6.
    function levelOf(address user) public view returns (uint256 level) {
        uint256 t = teamStakeOf(user);
        // Thresholds ascend (checked at construction): the first one reached from the top is the level.
        for (level = 6; level != 0 && t < _levelThreshold(level); --level) {}
    }

    /// @notice The team performance needed for levels 1..6, fixed at deployment.
    /// @return thresholds USDC base units, ascending.
    function levelThresholds() external view returns (uint256[6] memory thresholds) {
        for (uint256 i = 0; i < 6; ++i) {
            thresholds[i] = _levelThreshold(i + 1);
        }
    }

    /// @notice Team performance of `user`: active stake of its downlines at depths 1-3 (USDC base units).
    /// @param user The address.
    /// @return USDC base units (counted in whole hundredths of a USDC).
    function teamStakeOf(address user) public view returns (uint256) {
        return uint256(_accounts[user].teamCents) * _teamUnit;
    }

    /// @dev The team performance level `level` (1..6) needs. Every threshold is read only here: an
    ///      immutable is copied into the code at each place that reads it (33 bytes each), and Staking
    ///      must keep room under EIP-170 (contracts/README.md, "Size").
    function _levelThreshold(uint256 level) internal view returns (uint256) {
        if (level == 1) return _level1;
        if (level == 2) return _level2;
        if (level == 3) return _level3;
        if (level == 4) return _level4;
        if (level == 5) return _level5;
        return _level6;
    }
}
